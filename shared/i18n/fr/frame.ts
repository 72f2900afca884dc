/** Textes français du cadre : en-tête, barre latérale et pages, pages d’état, écrans d’attente, choix du serveur (espace de noms `frame`). */
import type { frame as en } from '../en/frame.js';
import type { Translation } from '../translation.js';

export const frame: Translation<typeof en> = {
  routes: {
    feedback: 'Feedbacks',
    giveFeedback: 'Donner un feedback',
    myTeam: 'Mon équipe',
    feedbackRequests: 'Demandes de feedback',
    flagFeedback: 'Feedbacks signalés',
    home: 'Accueil',
    attendance: 'Présence',
    monthView: 'Vue mensuelle',
    productivity: 'Productivité',
    leave: 'Congés',
    leaveCalendar: 'Calendrier des congés',
    employees: 'Annuaire des employés',
    roles: 'Rôles et autorisations',
    teams: 'Équipes',
    devices: 'Terminaux biométriques',
    feedbackManagement: 'Gestion des feedbacks',
    projects: 'Hub des projets',
    functions: 'Configuration des fonctions',
    settings: 'Paramètres',
    notificationSettings: 'Paramètres des notifications',
    badges: 'Badges',
    badgeControl: 'Contrôle des badges',
  },
  app: {
    checkingSession: 'Vérification de votre session',
    loading: 'Chargement',
  },
  appFrame: {
    skipToContent: 'Aller au contenu',
    offline:
      'Le serveur est injoignable. Vos modifications risquent de ne pas être enregistrées ; nouvel essai en arrière-plan.',
    loadingPage: 'Chargement de la page',
  },
  sidebar: {
    label: 'Navigation principale',
    sections: {
      workforce: 'Personnel',
      administration: 'Administration',
    },
    version: 'Teambeat {{version}}',
    versionDesktop: 'Teambeat {{version}} · Bureau',
  },
  desktop: {
    title: 'Teambeat pour Windows et Mac',
    loading: 'Recherche de la version actuelle',
    none: 'Aucun programme d’installation n’est encore disponible sur ce serveur. Demandez à votre administrateur.',
    version: 'Version {{version}}',
    windows: 'Télécharger pour Windows',
    mac: 'Télécharger pour Mac',
    size: '({{size}} Mo)',
    hint: 'L’application de bureau pointe depuis la barre des tâches, affiche des notifications natives et se met à jour toute seule.',
  },
  header: {
    desktopApp: 'Obtenir l’application de bureau',
    companyLogo: 'Logo de {{name}}',
    toggleNavigation: 'Afficher ou masquer la navigation',
    theme: 'Thème',
    themes: {
      system: 'Thème du système',
      light: 'Clair',
      dark: 'Sombre',
    },
    changePassword: 'Changer le mot de passe',
    signOut: 'Se déconnecter',
  },
  /** The window's title: the page's, then the product's. */
  documentTitle: '{{title}} · Teambeat',
  status: {
    notFound: {
      title: 'Cette page est introuvable',
      hint: 'L’adresse est peut-être mal saisie, ou la page a été déplacée. Vérifiez le lien ou revenez à l’accueil.',
    },
    forbidden: {
      title: 'Vous n’avez pas accès à cette page',
      hint: 'Vous n’avez pas l’autorisation de faire ceci. Si vous en avez besoin, demandez l’autorisation à votre administrateur.',
    },
    goHome: 'Aller à l’accueil',
    goBack: 'Revenir en arrière',
  },
  fullScreen: {
    settingUp: 'Nous préparons votre profil. Cela peut prendre un moment',
    unreachableTitle: 'Teambeat est injoignable',
    unreachableBody:
      'Une erreur s’est produite. Veuillez réessayer plus tard. Vérifiez votre connexion, ou demandez à votre administrateur si le serveur de l’entreprise fonctionne.',
    tryAgain: 'Réessayer',
  },
  serverSetup: {
    title: 'Connectez-vous à votre entreprise',
    hint: 'Teambeat fonctionne sur le serveur de votre entreprise. Saisissez son adresse une fois ; l’application s’en souviendra.',
    address: 'Adresse du serveur',
    placeholder: 'https://teambeat.example.com',
    confirmHttp:
      'C’est le serveur de mon entreprise sur le réseau du bureau. Je comprends que http:// simple n’est pas chiffré.',
    checking: 'Vérification du serveur…',
    continue: 'Continuer',
    errors: {
      notAnAddress: 'Saisissez l’adresse fournie par votre administrateur, par exemple https://teambeat.example.com',
      httpRefused:
        'Utilisez https://. Le http:// simple n’est autorisé que pour cet ordinateur ou une adresse privée du réseau du bureau (10.x, 172.16–31.x, 192.168.x).',
      httpConfirm:
        'Cette adresse utilise http:// simple : confirmez ci-dessous qu’il s’agit du serveur du réseau de votre bureau.',
    },
  },
  tray: {
    open: 'Ouvrir {{product}}',
    quit: 'Quitter {{product}}',
    notSignedIn: 'Non connecté',
    signedIn: 'Connecté',
    signedInAs: 'Connecté en tant que {{name}}',
    workedToday: '{{state}} · {{worked}} aujourd’hui',
    tooltip: '{{product}} : {{status}}',
    tooltipSignedOut: '{{product}} : non connecté',
    tooltipSignedIn: 'connecté',
    confirmCheckOut:
      'Votre journée de travail se termine maintenant. Vous pouvez l’annuler dans {{product}} pendant {{minutes}} minutes.',
    actionsWaiting_one: '{{count}} élément vous attend',
    actionsWaiting_many: '{{count}} éléments vous attendent',
    actionsWaiting_other: '{{count}} éléments vous attendent',
  },
};
