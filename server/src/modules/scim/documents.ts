/** The fixed SCIM discovery documents (RFC 7643 §5–7): what Teambeat supports and keeps. */
import { SCIM_ENTERPRISE_USER, SCIM_GROUP, SCIM_LIST, SCIM_USER } from '../../../../shared/contracts/scim.js';

const SPC = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export const MAX_RESULTS = 200;

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SPC],
    documentationUri: `${base.replace(/\/api\/scim\/v2$/, '')}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Provisioning token',
        description: 'A bearer token created by an administrator under Settings, Provisioning.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

const list = <T>(items: T[]) => ({
  schemas: [SCIM_LIST],
  totalResults: items.length,
  startIndex: 1,
  itemsPerPage: items.length,
  Resources: items,
});

export function resourceTypes(base: string) {
  return list([
    {
      schemas: [RESOURCE_TYPE],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'An employee',
      schema: SCIM_USER,
      schemaExtensions: [{ schema: SCIM_ENTERPRISE_USER, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A team',
      schema: SCIM_GROUP,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ]);
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export function schemas(base: string) {
  const doc = (id: string, name: string, attributes: unknown[]) => ({
    schemas: [SCHEMA],
    id,
    name,
    attributes,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
  });
  return list([
    doc(SCIM_USER, 'User', [
      attribute('userName', { required: true, uniqueness: 'server', description: 'The work e-mail address' }),
      attribute('externalId', { caseExact: true, uniqueness: 'server' }),
      {
        ...attribute('name', { type: 'complex' }),
        subAttributes: [attribute('formatted'), attribute('givenName'), attribute('familyName')],
      },
      attribute('displayName'),
      attribute('active', { type: 'boolean' }),
      {
        ...attribute('emails', { type: 'complex', multiValued: true }),
        subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
      },
    ]),
    doc(SCIM_ENTERPRISE_USER, 'EnterpriseUser', [
      attribute('employeeNumber', { caseExact: true, uniqueness: 'server' }),
    ]),
    doc(SCIM_GROUP, 'Group', [
      attribute('displayName', { required: true, uniqueness: 'server' }),
      attribute('externalId', { caseExact: true, uniqueness: 'server' }),
      {
        ...attribute('members', { type: 'complex', multiValued: true }),
        subAttributes: [
          attribute('value', { mutability: 'immutable' }),
          attribute('display', { mutability: 'readOnly' }),
        ],
      },
    ]),
  ]);
}
