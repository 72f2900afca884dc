/** Textes français des notifications (espace `notifications`, docs/notifications.md). */
import type { notifications as en } from '../en/notifications.js';
import type { Translation } from '../translation.js';

export const notifications: Translation<typeof en> = {
  types: {
    'feedback-received': '{{actor}} vous a donné un feedback',
    'feedback-request': '{{actor}} vous demande un feedback sur {{attributes}}',
    'feedback-request-answered': '{{actor}} a répondu à votre demande de feedback',
    'feedback-request-declined': '{{actor}} a refusé votre demande de feedback',
    'feedback-request-due-soon':
      'La demande de feedback envoyée par {{actor}} sur {{attributes}} se clôt le {{dates}} : répondez-y avant',
    'feedback-request-expired': 'Votre demande de feedback sur {{attributes}} a expiré avant que tout le monde réponde',
    'leave-approval': '{{requester}} demande {{leaveType}}, {{dates}} : en attente de votre approbation',
    'leave-cancellation-approval':
      '{{requester}} demande l’annulation de {{leaveType}}, {{dates}} : en attente de votre décision',
    'leave-forwarded': '{{actor}} a approuvé votre {{leaveType}}, {{dates}} ; les RH décident ensuite',
    'leave-approved': 'Votre {{leaveType}}, {{dates}}, a été approuvé par {{actor}}',
    'leave-rejected': 'Votre {{leaveType}}, {{dates}}, a été refusé par {{actor}}',
    'leave-cancelled': 'Votre {{leaveType}}, {{dates}}, a été annulé par {{actor}}',
    'leave-cancellation-approved': 'L’annulation de votre {{leaveType}}, {{dates}}, a été approuvée par {{actor}}',
    'leave-cancellation-rejected': 'L’annulation de votre {{leaveType}}, {{dates}}, a été refusée par {{actor}}',
    'flag-approved': '{{actor}} a retenu votre signalement du feedback donné par {{giver}} : il reste masqué',
    'flag-rejected': '{{actor}} a rejeté votre signalement du feedback donné par {{giver}} : il est de nouveau affiché',
    'flag-escalated': '{{actor}} a transmis aux RH votre signalement du feedback donné par {{giver}}',
    'badge-received': '{{actor}} vous a donné le badge {{badge}}',
    'badge-contribution-approval':
      '{{actor}} demande le badge {{badge}} pour une contribution : en attente de votre décision',
    'badge-recommendation-approval':
      '{{actor}} recommande {{employee}} pour le badge {{badge}} : en attente de votre décision',
    'badge-contribution-approved': '{{actor}} a approuvé votre contribution : vous recevez le badge {{badge}}',
    'badge-contribution-rejected': '{{actor}} a rejeté votre demande du badge {{badge}}',
    'badge-recommendation-approved':
      '{{actor}} a approuvé votre recommandation : {{employee}} reçoit le badge {{badge}}',
    'badge-recommendation-rejected': '{{actor}} a rejeté votre recommandation du badge {{badge}} pour {{employee}}',
    'video-approved': '{{actor}} a approuvé votre vidéo « {{title}} » : elle figure au classement',
    'video-rejected': '{{actor}} a refusé votre vidéo « {{title}} »',
    'feed-reaction': '{{actor}} a réagi à votre publication',
    'feed-reaction-about-you': '{{actor}} a réagi à une publication qui vous concerne',
    'feed-comment': '{{actor}} a commenté votre publication',
    'feed-comment-about-you': '{{actor}} a commenté une publication qui vous concerne',
    'feed-report-kept': '{{actor}} a examiné la publication que vous avez signalée et l’a conservée',
    'feed-report-removed': '{{actor}} a examiné la publication que vous avez signalée et l’a supprimée',
    'attendance-corrected': '{{actor}} a modifié votre pointage du {{dates}}',
    'attendance-checkout-missing': 'Vous avez pointé votre arrivée le {{dates}} sans pointer votre départ : ajoutez-le',
    'task-feedback-received': '{{actor}} vous a donné un feedback sur votre tâche {{task}}',
    'task-feedback-request': '{{actor}} demande votre feedback sur la tâche {{task}}',
    'project-sync-failed':
      '{{project}} n’a pas pu être synchronisé avec son outil de suivi : ouvrez le projet pour en voir la raison',
  },
  system: 'Teambeat',
  categories: {
    feedback: 'Feedbacks reçus',
    requests: 'Demandes de feedback',
    recognition: 'Badges et reconnaissance',
    feed: 'Réactions et commentaires',
    leave: 'Congés',
    attendance: 'Présence',
    projects: 'Projets',
  },
  channels: { email: 'E-mail', push: 'Push (navigateur et bureau)' },
  bell: {
    title: 'Notifications',
    actionItems: 'Actions à faire',
    all: 'Toutes',
    empty: 'Vous êtes à jour',
    emptyActions: 'Rien ne vous attend',
    emptyHint: 'Les nouveaux feedbacks, demandes et approbations apparaîtront ici.',
    markAllRead: 'Tout marquer comme lu',
    ignore: 'Ignorer',
    ignoreFailed: 'La notification n’a pas pu être ignorée',
    markFailed: 'Les notifications n’ont pas pu être marquées comme lues',
    ignoreTitle: 'Ignorer cette notification ?',
    ignoreBody:
      'Elle quitte votre liste et n’est plus comptée. Le travail lui-même n’est pas modifié : il reste sur sa page.',
    loadFailed: 'Les notifications n’ont pas pu être chargées.',
    more: 'Afficher plus',
    count_one: '{{count}} notification non lue',
    count_many: '{{count}} notifications non lues',
    count_other: '{{count}} notifications non lues',
    unread: 'Non lue',
    settings: 'Paramètres des notifications',
  },
  settingsPage: {
    title: 'Paramètres des notifications',
    intro:
      'Dans l’application, vous voyez toujours tout. Choisissez ce qui vous parvient aussi par e-mail et par push.',
    category: 'Catégorie',
    cell: '{{channel}} : {{category}}',
    saved: 'Paramètres des notifications enregistrés',
    notSaved: 'Les paramètres des notifications n’ont pas été enregistrés',
    loading: 'Chargement de vos paramètres de notification',
    pushFailed: 'Le push n’a pas pu être activé dans ce navigateur',
    pushState: {
      unsupported: 'Ce navigateur ne peut pas afficher de notifications push.',
      denied: 'Ce navigateur bloque les notifications de Teambeat. Autorisez-les dans les paramètres du site.',
      subscribed: 'Ce navigateur affiche les notifications push.',
      off: 'Ce navigateur n’affiche pas encore les notifications push.',
    },
    enablePush: 'Activer le push dans ce navigateur',
    disablePush: 'Désactiver le push dans ce navigateur',
  },
  email: {
    action: {
      subject: 'Teambeat : {{text}}',
      body: '{{text}}\n\nOuvrir dans Teambeat : {{url}}\n\nVous recevez cet e-mail car l’e-mail est activé pour « {{category}} » dans vos paramètres de notification.',
    },
    reminder: {
      subject: 'Rappel : {{text}}',
      body: 'Ceci vous attend toujours :\n\n{{text}}\n\nOuvrir dans Teambeat : {{url}}',
    },
    digest: {
      subject_one: 'Teambeat : {{count}} notification non lue',
      subject_many: 'Teambeat : {{count}} notifications non lues',
      subject_other: 'Teambeat : {{count}} notifications non lues',
      body: 'Depuis votre dernier résumé :\n\n{{lines}}\n\nOuvrir Teambeat : {{url}}',
    },
  },
};
