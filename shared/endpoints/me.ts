/** The signed-in employee: who they are, what their roles allow, and their tenant's public settings. */
import { meResponseSchema, updateMeBodySchema } from '../contracts/tenant.js';
import { endpoint } from './define.js';

export const meEndpoints = {
  getMe: endpoint({
    method: 'GET',
    path: '/api/me',
    access: 'signed-in',
    summary: 'The signed-in employee, what their roles allow, and the tenant’s public settings',
    response: meResponseSchema,
  }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/api/me',
    access: 'signed-in',
    summary: 'Change one’s own account settings: the interface and e-mail language',
    description:
      'Only the caller’s own account. `language` null follows the company’s `default_language` setting; ' +
      'the person’s language also picks the language of the e-mails Teambeat sends them and of the ' +
      'messages the API answers them.',
    body: updateMeBodySchema,
    response: meResponseSchema,
  }),
};
