/** Textes français : la matrice de responsabilité (espace de noms `feedbackMatrix`). */
import type { feedbackMatrix as en } from '../en/feedback-matrix.js';
import type { Translation } from '../translation.js';

export const feedbackMatrix: Translation<typeof en> = {
  tab: 'Ma matrice de responsabilité',
  subtitle: 'Qui doit donner du feedback à qui dans vos équipes sur la période',
  period: {
    previous: 'Période précédente',
    next: 'Période suivante',
    current: 'Revenir à la période en cours',
    range: 'Du {{start}} au {{end}}',
    expected: {
      week_one: 'Chaque membre doit donner {{count}} feedback par semaine à ses coéquipiers.',
      week_many: 'Chaque membre doit donner {{count}} feedbacks par semaine à ses coéquipiers.',
      week_other: 'Chaque membre doit donner {{count}} feedbacks par semaine à ses coéquipiers.',
      month_one: 'Chaque membre doit donner {{count}} feedback par mois à ses coéquipiers.',
      month_many: 'Chaque membre doit donner {{count}} feedbacks par mois à ses coéquipiers.',
      month_other: 'Chaque membre doit donner {{count}} feedbacks par mois à ses coéquipiers.',
      quarter_one: 'Chaque membre doit donner {{count}} feedback par trimestre à ses coéquipiers.',
      quarter_many: 'Chaque membre doit donner {{count}} feedbacks par trimestre à ses coéquipiers.',
      quarter_other: 'Chaque membre doit donner {{count}} feedbacks par trimestre à ses coéquipiers.',
    },
  },
  empty: {
    title: 'Vous n’êtes dans aucune équipe',
    body: 'La matrice de responsabilité liste les coéquipiers à qui vous devez donner du feedback. Demandez aux RH de vous ajouter à une équipe.',
  },
  mine: {
    title: 'Votre part',
    progress: 'Vos feedbacks donnés dans {{team}}',
    counts: '{{given}} sur {{expected}} donnés, {{remaining}} restants',
    alone: 'Vous êtes le seul membre de cette équipe : rien n’est attendu.',
  },
  suggestions: {
    title: 'Suggestions',
    give: 'Donner un feedback à {{name}} ({{given}} jusqu’ici)',
    ask: 'Demander un feedback à {{name}} ({{given}} reçus jusqu’ici)',
  },
  teams: {
    title: 'Vos équipes',
    tableLabel: 'Matrice de responsabilité de {{team}}',
    progress: 'Progression',
    you: 'Vous',
    memberProgress: 'Feedbacks donnés par {{name}}',
    teamProgress: 'Feedbacks donnés dans {{team}}',
    total: 'Total de l’équipe',
  },
  report: {
    download: 'Télécharger le rapport (CSV)',
    downloaded: 'Rapport de la matrice de responsabilité téléchargé',
    notDownloaded: 'Le rapport de la matrice de responsabilité n’a pas été téléchargé',
    team: 'Équipe',
    employee: 'Employé',
    email: 'E-mail',
    periodStart: 'Début de période',
    periodEnd: 'Fin de période',
    expected: 'Attendus',
    given: 'Donnés',
    remaining: 'Restants',
  },
  settings: {
    formLabel: 'Paramètres de la matrice de responsabilité',
    title: 'Matrice de responsabilité',
    index: 'Feedbacks attendus par personne',
    indexHint: 'Combien de feedbacks chaque membre doit donner à ses coéquipiers par période (0 à 100)',
    indexInvalid: 'Saisissez un nombre entier de 0 à 100',
    period: 'Période',
    periods: { week: 'Semaine (du lundi au dimanche)', month: 'Mois', quarter: 'Trimestre' },
    saved: 'Paramètres de la matrice de responsabilité enregistrés',
    notSaved: 'Les paramètres de la matrice de responsabilité n’ont pas été enregistrés',
  },
};
