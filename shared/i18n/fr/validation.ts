/** Textes français : messages des champs (espace de noms `validation`). */
import type { validation as en } from '../en/validation.js';
import type { Translation } from '../translation.js';

export const validation: Translation<typeof en> = {
  required: 'Ce champ est obligatoire',
  email: 'Saisissez une adresse e-mail valide',
  date: 'Saisissez une date valide',
  dateRange: 'Saisissez une date du {{min}} au {{max}}',
  month: 'Mois au format AAAA-MM',
  singleLineText: 'Retirez les caractères de contrôle, les sauts de ligne et les inversions du sens du texte',
  multiLineText: 'Retirez les caractères de contrôle et les inversions du sens du texte',
  timeZone: 'Fuseau horaire inconnu',
  workingDay: 'Au moins un jour de la semaine doit être travaillé',
  eachDayOnce: 'Chaque jour une seule fois',
  network: 'Saisissez une adresse comme 192.168.10.0/24',
  password: 'Saisissez votre mot de passe',
  code: 'Le code comporte 6 chiffres',
  unknownField: 'Champ inconnu : {{fields}}',
  invalid: 'Valeur non valide',
  maxLength: '{{max}} caractères au plus',
  correctionReason: 'Une correction doit avoir un motif',
  pictureAddress: 'Envoyez la photo au lieu d’indiquer une adresse ; null la retire',
  pictureType: 'La photo doit être une image PNG, JPEG ou WebP',
  pictureRequired: 'Choisissez une photo',
  pictureSize: 'La photo ne doit pas dépasser 2 Mio',
  pictureBase64: 'La photo doit être encodée en base64',
  pictureMismatch: 'Le fichier n’est pas une image {{type}}',
  bodyUtf8: 'Le corps de la requête n’est pas en UTF-8 valide',
  bodyTooDeep: 'Le corps de la requête est imbriqué trop profondément',
  duplicateKey: 'Clé en double',
};
