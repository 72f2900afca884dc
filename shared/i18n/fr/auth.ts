/** Textes français des pages auth (espace de noms `auth`). */
import type { auth as en } from '../en/auth.js';
import type { Translation } from '../translation.js';

export const auth: Translation<typeof en> = {
  layout: {
    documentTitle: '{{title}} · Teambeat',
    headline: 'Des retours qui font avancer votre équipe.',
    lead: 'Saluez le travail bien fait, demandez les retours dont vous avez besoin et suivez chaque équipe — au même endroit.',
    points: {
      feedback: 'Retours personnels, sur les tâches et sur les projets',
      badges: 'Badges, classements et un fil d’actualité animé',
      hr: 'Présence, congés et tableaux de bord pour les RH',
    },
    copyright: '© {{year}} Teambeat',
    legal: 'Protégé par l’espace Teambeat de votre entreprise.',
  },
  pages: {
    signIn: { title: 'Connexion', subtitle: 'Bon retour. Utilisez votre e-mail professionnel pour continuer.' },
    signUp: { title: 'Créer votre compte', subtitle: 'Rejoignez l’espace Teambeat de votre entreprise.' },
    forgotPassword: {
      title: 'Réinitialiser votre mot de passe',
      subtitle: 'Nous vous enverrons par e-mail un code pour en définir un nouveau.',
    },
    confirmEmail: {
      title: 'Confirmer votre nouvel e-mail',
      subtitle: 'Saisissez le code envoyé à la nouvelle adresse. Vous vous connecterez ensuite avec celle-ci.',
    },
  },
  fields: {
    workEmail: 'E-mail professionnel',
    emailPlaceholder: 'nom@entreprise.com',
    fullName: 'Nom complet',
    password: 'Mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    currentPassword: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    confirmNewPassword: 'Confirmer le nouveau mot de passe',
    codeFromEmail: 'Code reçu par e-mail',
    confirmationCode: 'Code de confirmation',
    newWorkEmail: 'Nouvel e-mail professionnel',
  },
  rules: {
    invalidEmail: 'Saisissez une adresse e-mail valide',
    code: 'Le code comporte 6 chiffres',
    enterPassword: 'Saisissez votre mot de passe',
    enterName: 'Saisissez votre nom',
    enterCurrentPassword: 'Saisissez votre mot de passe actuel',
  },
  signIn: {
    formLabel: 'Connexion',
    continueWithProvider: 'Continuer avec {{provider}}',
    continue: 'Continuer',
    newToTeambeat: 'Nouveau sur Teambeat ?',
    createAccount: 'Créer un compte',
    gotCode: 'Vous avez reçu un code pour une nouvelle adresse ?',
    confirmNewEmail: 'Confirmer un nouvel e-mail',
    change: 'Modifier',
    forgotPassword: 'Mot de passe oublié ?',
    submit: 'Se connecter',
  },
  signUp: {
    formLabel: 'Créer votre compte',
    codeFormLabel: 'Confirmer votre e-mail',
    codeSent:
      'Nous avons envoyé un e-mail à {{email}}. Saisissez le code à 6 chiffres qu’il contient ; il expire dans {{minutes}} minutes.',
    newCodeSent: 'Nous avons envoyé un nouveau code. Il expire dans {{minutes}} minutes.',
    confirmed: 'Votre compte est confirmé. Connectez-vous pour continuer.',
    confirmAndContinue: 'Confirmer et continuer',
    sendNewCode: 'Envoyer un nouveau code',
    changeDetails: 'Modifier les informations',
    submit: 'Créer le compte',
    haveAccount: 'Vous avez déjà un compte ?',
    signIn: 'Se connecter',
  },
  forgotPassword: {
    formLabel: 'Réinitialiser votre mot de passe',
    codeSent: 'Si l’adresse est enregistrée, un code à 6 chiffres est en route. Il expire dans {{minutes}} minutes.',
    changed: 'Votre mot de passe a été modifié. Connectez-vous avec le nouveau.',
    sendCode: 'Envoyer le code',
    setNewPassword: 'Définir le nouveau mot de passe',
    sendNewCode: 'Envoyer un nouveau code',
    remembered: 'Vous vous en souvenez ?',
    backToSignIn: 'Retour à la connexion',
  },
  confirmEmail: {
    formLabel: 'Confirmer votre nouvel e-mail',
    changed: 'Votre adresse e-mail a été modifiée. Connectez-vous avec celle-ci.',
    submit: 'Confirmer le nouvel e-mail',
    backToSignIn: 'Retour à la connexion',
  },
  changePassword: {
    title: 'Changer le mot de passe',
    submit: 'Changer le mot de passe',
    changed: 'Mot de passe modifié',
    changedBody: 'Vos autres appareils ont été déconnectés.',
  },
};
