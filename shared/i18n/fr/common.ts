/** Mots de toutes les pages (espace de noms `common`). */
import type { common as en } from '../en/common.js';
import type { Translation } from '../translation.js';

export const common: Translation<typeof en> = {
  actions: {
    add: 'Ajouter',
    back: 'Retour',
    cancel: 'Annuler',
    close: 'Fermer',
    confirm: 'Confirmer',
    delete: 'Supprimer',
    edit: 'Modifier',
    next: 'Suivant',
    previous: 'Précédent',
    retry: 'Réessayer',
    save: 'Enregistrer',
    search: 'Rechercher',
  },
  states: {
    loading: 'Chargement…',
    saving: 'Enregistrement…',
    nothingYet: 'Rien pour l’instant',
  },
  yes: 'Oui',
  no: 'Non',
  language: {
    label: 'Langue',
    companyDefault: 'Langue de l’entreprise ({{language}})',
  },
  duration: {
    minutes: '{{minutes}} min',
    hours: '{{hours}} h',
    hoursMinutes: '{{hours}} h {{minutes}} min',
  },
  relative: {
    now: 'maintenant',
    minutes_one: '{{count}} min',
    minutes_many: '{{count}} min',
    minutes_other: '{{count}} min',
    hours_one: '{{count}} h',
    hours_many: '{{count}} h',
    hours_other: '{{count}} h',
    days_one: '{{count}} j',
    days_many: '{{count}} j',
    days_other: '{{count}} j',
    weeks_one: '{{count}} sem.',
    weeks_many: '{{count}} sem.',
    weeks_other: '{{count}} sem.',
    months_one: '{{count}} mois',
    months_many: '{{count}} mois',
    months_other: '{{count}} mois',
    years_one: '{{count}} an',
    years_many: '{{count}} ans',
    years_other: '{{count}} ans',
  },
};
