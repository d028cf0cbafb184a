import { GROUP_SCHEMA, USER_SCHEMA } from './scim-resources.js';

/** The most resources one list answer holds (`count` above it is cut to it). */
export const SCIM_MAX_RESULTS = 100;

const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';

/** RFC 7644 §5: what this service provider supports. */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          'The SCIM token created in Lumen (Settings → Single sign-on), as a bearer token.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

function resourceType(baseUrl: string, name: 'User' | 'Group') {
  return {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: name,
    name,
    endpoint: `/${name}s`,
    description: name === 'User' ? 'A member of the workspace' : 'A Lumen access group',
    schema: name === 'User' ? USER_SCHEMA : GROUP_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${name}` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [resourceType(baseUrl, 'User'), resourceType(baseUrl, 'Group')];
}

interface AttributeDef {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned?: 'always' | 'never' | 'default' | 'request';
  uniqueness?: 'none' | 'server' | 'global';
  description: string;
  subAttributes?: AttributeDef[];
  referenceTypes?: string[];
}

function attribute(def: AttributeDef): Record<string, unknown> {
  return {
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...def,
    ...(def.subAttributes ? { subAttributes: def.subAttributes.map(attribute) } : {}),
  };
}

const USER_ATTRIBUTES: AttributeDef[] = [
  {
    name: 'userName',
    type: 'string',
    required: true,
    uniqueness: 'server',
    description: 'The member’s email address (Lumen stores it lower-cased).',
  },
  {
    name: 'name',
    type: 'complex',
    description: 'The member’s name.',
    subAttributes: [
      { name: 'givenName', type: 'string', description: 'First name.' },
      { name: 'familyName', type: 'string', description: 'Last name.' },
      { name: 'formatted', type: 'string', mutability: 'readOnly', description: 'Full name.' },
    ],
  },
  { name: 'displayName', type: 'string', mutability: 'readOnly', description: 'Full name.' },
  {
    name: 'emails',
    type: 'complex',
    multiValued: true,
    description: 'The one work address, the same as userName.',
    subAttributes: [
      { name: 'value', type: 'string', description: 'The address.' },
      { name: 'type', type: 'string', description: 'Always work.' },
      { name: 'primary', type: 'boolean', description: 'Always true.' },
    ],
  },
  {
    name: 'active',
    type: 'boolean',
    description: 'False: deactivated (cannot sign in; sessions and API keys ended).',
  },
  {
    name: 'password',
    type: 'string',
    mutability: 'writeOnly',
    returned: 'never',
    description: 'Ignored: members sign in through single sign-on.',
  },
];

const GROUP_ATTRIBUTES: AttributeDef[] = [
  {
    name: 'displayName',
    type: 'string',
    required: true,
    uniqueness: 'server',
    description: 'The group’s name (unique in the workspace, ignoring case).',
  },
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    description: 'Members of the workspace.',
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'immutable', description: 'A User id.' },
      {
        name: '$ref',
        type: 'reference',
        mutability: 'immutable',
        referenceTypes: ['User'],
        description: 'The User.',
      },
      {
        name: 'display',
        type: 'string',
        mutability: 'readOnly',
        description: 'The member’s email.',
      },
    ],
  },
];

export function schemas(baseUrl: string) {
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: 'User',
      description: 'A member of the workspace',
      attributes: USER_ATTRIBUTES.map(attribute),
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'A Lumen access group',
      attributes: GROUP_ATTRIBUTES.map(attribute),
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${GROUP_SCHEMA}` },
    },
  ];
}
