/**
 * The demo accounts: one per role, at two different trusts, so every role can be tried at once.
 * The development identity provider lists exactly these; tests use them as named personas.
 */
export interface DemoUser {
  key: string;
  email: string;
  name: string;
  jobTitle: string;
  providerCode: string;
  description: string;
  superAdmin?: boolean;
  collectionAdmin?: boolean;
  managementOrganisationUser?: boolean;
  collectionRole?: 'collectionManager' | 'submissionManager';
  organisationRoles?: ('DataEntryClerk' | 'Authoriser')[];
}

export const TRUST_A = 'RJ1'; // Guy's and St Thomas' NHS Foundation Trust
export const TRUST_B = 'RGT'; // Cambridge University Hospitals NHS Foundation Trust
export const MANAGEMENT_ORG = 'X24'; // NHS England

export const demoUsers: DemoUser[] = [
  {
    key: 'superAdmin',
    email: 'super.admin@dcf.example',
    name: 'Sam Superadmin',
    jobTitle: 'Service owner',
    providerCode: MANAGEMENT_ORG,
    description: 'Super administrator',
    superAdmin: true,
  },
  {
    key: 'collectionAdmin',
    email: 'collection.admin@dcf.example',
    name: 'Cara Admin',
    jobTitle: 'Data collections lead',
    providerCode: MANAGEMENT_ORG,
    description: 'Collection administrator',
    collectionAdmin: true,
    managementOrganisationUser: true,
  },
  {
    key: 'manager',
    email: 'manager@dcf.example',
    name: 'Morgan Manager',
    jobTitle: 'Collection manager',
    providerCode: MANAGEMENT_ORG,
    description: 'Collection manager of the demo collection',
    collectionRole: 'collectionManager',
  },
  {
    key: 'submissionManager',
    email: 'submission.manager@dcf.example',
    name: 'Sunil Monitor',
    jobTitle: 'Analyst',
    providerCode: MANAGEMENT_ORG,
    description: 'Submission manager of the demo collection',
    collectionRole: 'submissionManager',
  },
  {
    key: 'clerkA',
    email: 'clerk.a@dcf.example',
    name: 'Chris Clerk',
    jobTitle: 'Data officer',
    providerCode: TRUST_A,
    description: "Data entry clerk at Guy's and St Thomas'",
    organisationRoles: ['DataEntryClerk'],
  },
  {
    key: 'authoriserA',
    email: 'authoriser.a@dcf.example',
    name: 'Alex Authoriser',
    jobTitle: 'Head of information',
    providerCode: TRUST_A,
    description: "Authoriser at Guy's and St Thomas'",
    organisationRoles: ['Authoriser'],
  },
  {
    key: 'clerkB',
    email: 'clerk.b@dcf.example',
    name: 'Bea Clerk',
    jobTitle: 'Data officer',
    providerCode: TRUST_B,
    description: 'Data entry clerk at Cambridge University Hospitals',
    organisationRoles: ['DataEntryClerk'],
  },
  {
    key: 'authoriserB',
    email: 'authoriser.b@dcf.example',
    name: 'Ben Authoriser',
    jobTitle: 'Head of performance',
    providerCode: TRUST_B,
    description: 'Authoriser at Cambridge University Hospitals',
    organisationRoles: ['Authoriser'],
  },
  {
    key: 'nhsi',
    email: 'nhsi.user@dcf.example',
    name: 'Nadia Regulator',
    jobTitle: 'Regional analyst',
    providerCode: MANAGEMENT_ORG,
    description: 'Management-organisation user (gives NHSI authorisation)',
    managementOrganisationUser: true,
  },
];

export const demoIdpId = (user: DemoUser) => `dev|${user.key}`;
