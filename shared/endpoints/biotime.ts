/**
 * The BioTime integration (docs/devices.md, "BioTime"): the connection to a company's BioTime server, its check,
 * and the pulls of its transactions (on the schedule, or now). Reading is for whoever opens Biometric Devices;
 * changing, checking and pulling for those who set up the integrations.
 */
import { emptyResponseSchema } from '../contracts/common.js';
import {
  biotimeConnectionSchema,
  biotimePullListSchema,
  biotimePullSchema,
  biotimeTestResultSchema,
  saveBiotimeConnectionBodySchema,
} from '../contracts/biotime.js';
import { endpoint } from './define.js';

export const biotimeEndpoints = {
  getBiotimeConnection: endpoint({
    method: 'GET',
    path: '/api/biotime/connection',
    access: 'view-biometric-management',
    summary: 'The BioTime connection (never its password) and its last pull',
    response: biotimeConnectionSchema,
  }),
  saveBiotimeConnection: endpoint({
    method: 'PUT',
    path: '/api/biotime/connection',
    access: 'setup-biometric-integration',
    summary: 'Set up or change the BioTime connection',
    description:
      'The password is stored encrypted; leave it out to keep the stored one (it is required the first time). ' +
      'Saving does not call BioTime: use the connection test.',
    body: saveBiotimeConnectionBodySchema,
    response: biotimeConnectionSchema,
  }),
  deleteBiotimeConnection: endpoint({
    method: 'DELETE',
    path: '/api/biotime/connection',
    access: 'setup-biometric-integration',
    summary: 'Remove the BioTime connection and its pulls (the devices and punches it brought stay)',
    status: 204,
    response: emptyResponseSchema,
  }),
  testBiotimeConnection: endpoint({
    method: 'POST',
    path: '/api/biotime/connection/test',
    access: 'setup-biometric-integration',
    summary: 'Sign in to the saved BioTime server and count its terminals and employees',
    description:
      'Answers 200 either way: `ok` false with `errorCode` saying what failed (bad-url, unreachable, ' +
      'credentials, not-biotime, server-error) and the server’s own words in `errorMessage`.',
    response: biotimeTestResultSchema,
  }),
  startBiotimePull: endpoint({
    method: 'POST',
    path: '/api/biotime/pulls',
    access: 'setup-biometric-integration',
    summary: 'Pull BioTime’s transactions now; the pull runs in the background (follow it on the connection)',
    description:
      '409 BIOTIME_PULL_RUNNING while a pull runs; 400 BIOTIME_NOT_CONFIGURED without a connection. The answer is ' +
      'the pull as it starts.',
    status: 202,
    response: biotimePullSchema,
  }),
  listBiotimePulls: endpoint({
    method: 'GET',
    path: '/api/biotime/pulls',
    access: 'view-biometric-management',
    summary: 'The last 20 pulls, newest first',
    response: biotimePullListSchema,
  }),
};
