/** Textes français : rapports CSV (espace de noms `reports`). */
import type { reports as en } from '../en/reports.js';
import type { Translation } from '../translation.js';

export const reports: Translation<typeof en> = {
  header: {
    team: 'Équipe',
    employees: 'Employés',
    workingDays: 'Jours ouvrés',
    presentDays: 'Jours de présence',
    leaveDays: 'Jours de congé',
    absentDays: 'Jours d’absence',
    attendancePercentage: 'Présence %',
    hoursWorked: 'Heures travaillées',
    expectedHours: 'Heures attendues',
    wfoDays: 'Jours au bureau',
    wfoPercentage: 'Bureau %',
    wfoRequired: 'Bureau requis %',
    employeeId: 'Matricule',
    name: 'Nom',
    email: 'E-mail',
    teams: 'Équipes',
    meetsWfo: 'Respecte l’exigence de présence au bureau',
    leaveType: 'Type de congé',
    kind: 'Nature',
    startDate: 'Date de début',
    endDate: 'Date de fin',
    status: 'Statut',
    automatic: 'Automatique',
    reason: 'Motif',
    requestedAt: 'Demandé le',
  },
  total: {
    team: 'Total de l’équipe',
    company: 'Total de l’entreprise',
  },
  yes: 'oui',
  no: 'non',
};
