/** Textes français : e-mails (espace de noms `email`), dans la langue du destinataire. */
import type { email as en } from '../en/email.js';
import type { Translation } from '../translation.js';

export const email: Translation<typeof en> = {
  lockNotice: {
    subject: 'Votre compte Teambeat est verrouillé pour quelques minutes',
    body:
      'Après {{threshold}} mots de passe erronés d’affilée, votre compte est verrouillé pendant {{minutes}} minutes ; ' +
      'd’ici là, tout mot de passe est refusé. Pour vous connecter plus tôt, choisissez « Mot de passe oublié ? » ' +
      'et définissez-en un nouveau. Si ces tentatives ne viennent pas de vous, quelqu’un essaie de deviner votre ' +
      'mot de passe.',
  },
  signUpInactive: {
    subject: 'Votre compte Teambeat {{company}}',
    body: 'Quelqu’un, peut-être vous, a tenté de s’inscrire avec cette adresse. Votre compte est inactif : veuillez contacter votre administrateur.',
  },
  signUpExisting: {
    subject: 'Votre compte Teambeat {{company}}',
    body:
      'Quelqu’un, peut-être vous, a tenté de s’inscrire avec cette adresse, mais vous avez déjà un compte. ' +
      'Connectez-vous, ou choisissez « Mot de passe oublié ? » pour définir un nouveau mot de passe. Si ce ' +
      'n’était pas vous, vous pouvez ignorer cet e-mail.',
  },
  signUpCode: {
    subject: 'Votre code de confirmation Teambeat {{company}}',
    body: 'Votre code de confirmation est {{code}}. Il expire dans {{minutes}} minutes.',
  },
  resetCode: {
    subject: 'Réinitialiser votre mot de passe Teambeat',
    body:
      'Votre code de réinitialisation du mot de passe est {{code}}. Il expire dans {{minutes}} minutes. Si vous ' +
      'ne l’avez pas demandé, ignorez cet e-mail.',
  },
  emailChangeCode: {
    subject: 'Confirmez votre nouvelle adresse e-mail Teambeat',
    body:
      'Votre compte Teambeat ({{oldEmail}}) est en cours de transfert vers cette adresse. Votre code de ' +
      'confirmation est {{code}}. Il expire dans {{minutes}} minutes : saisissez-le sous « Confirmer un nouvel ' +
      'e-mail » sur la page de connexion de Teambeat. Tant que vous n’avez pas confirmé, connectez-vous avec ' +
      '{{oldEmail}}.',
  },
  emailChangeNotice: {
    subject: 'Votre adresse e-mail Teambeat est en cours de modification',
    body:
      'Un administrateur a demandé à remplacer l’adresse e-mail de votre compte Teambeat par {{newEmail}}. Elle ' +
      'change dès que le code envoyé à cette adresse est confirmé ; vous serez alors déconnecté partout. Si vous ' +
      'ne vous y attendiez pas, contactez votre administrateur.',
  },
  emailChanged: {
    subject: 'Votre adresse e-mail Teambeat a été modifiée',
    body: 'Votre compte Teambeat se connecte désormais avec {{newEmail}} ; toutes ses sessions ont pris fin.',
  },
  invitation: {
    subject: 'Vous êtes invité(e) chez {{company}} sur Teambeat',
    body:
      'Bonjour, {{company}} vous a ajouté(e) à Teambeat avec l’adresse {{email}}. Ouvrez ce lien pour choisir votre ' +
      'mot de passe, puis connectez-vous : {{url}} Le lien ne sert qu’une fois et expire dans {{days}} jours ; ' +
      's’il a expiré, demandez une nouvelle invitation à votre administrateur.',
  },
  clientFeedbackLink: {
    sprint: 'le sprint « {{sprint}} »',
    pbi: '« {{refId}} {{name}} » (sprint « {{sprint}} »)',
    subject: 'Votre avis sur {{project}}',
    body:
      'Bonjour {{name}}, {{requestedBy}} vous demande votre avis sur {{target}} de {{project}} : notez le ' +
      'résultat global, sa qualité et son rapport qualité-prix, et ajoutez un commentaire si vous le souhaitez. ' +
      'Ouvrez ce lien (sans compte ; il sert une fois, jusqu’au {{date}}) : {{url}}',
  },
};
