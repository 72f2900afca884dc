/** Textes français de la page d’accueil (espace de noms `home`). */
import type { home as en } from '../en/home.js';
import type { Translation } from '../translation.js';

export const home: Translation<typeof en> = {
  welcome: 'Bienvenue',
  greeting: {
    morning: 'Bonjour, {{name}}',
    afternoon: 'Bon après-midi, {{name}}',
    evening: 'Bonsoir, {{name}}',
  },
  today: '{{weekday}} {{date}} · {{company}}',
  yourTeams: 'Vos équipes',
  noTeam: 'Vous ne faites encore partie d’aucune équipe',
  noTeamHint:
    'Lorsqu’un administrateur vous ajoutera à une équipe, vos coéquipiers et leurs feedbacks apparaîtront ici.',
  manage: 'Gérer',
  descriptions: {
    attendance: 'Pointez votre arrivée et votre départ, prenez vos pauses et consultez n’importe quel jour.',
    monthView: 'Votre mois en un coup d’œil : heures, pauses, congés et jours fériés.',
    employees: 'Ajoutez des personnes et tenez à jour leurs coordonnées, rôles et équipes.',
    roles: 'Décidez qui peut faire quoi, et quel rôle reçoivent les nouveaux arrivants.',
  },
  teamCards: {
    label: 'Vos équipes, {{days}} derniers jours',
    team: 'Équipe {{team}}',
    loading: 'Chargement de {{team}}',
    noMembers: 'Aucun membre actif dans cette équipe pour l’instant.',
    period: '{{days}} derniers jours',
    periodPeople_one: '{{days}} derniers jours · {{count}} personne',
    periodPeople_many: '{{days}} derniers jours · {{count}} personnes',
    periodPeople_other: '{{days}} derniers jours · {{count}} personnes',
    attendanceRate: 'Taux de présence',
    absence_one: 'Absences : {{absent}} · congé : {{count}} jour',
    absence_many: 'Absences : {{absent}} · congé : {{count}} jours',
    absence_other: 'Absences : {{absent}} · congé : {{count}} jours',
    workFromOffice: 'Travail au bureau',
    required: 'Requis : {{percent}}',
    hoursWorked: 'Heures travaillées',
    ofExpected: 'sur {{duration}} attendues',
    hoursProgress: '{{team}} : heures travaillées par rapport aux heures attendues, {{percent}}',
    openDashboard: 'Ouvrir le tableau de bord de productivité',
  },
};
