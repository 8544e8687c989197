/**
 * Reference lists seeded into every database: NHS England's regions (the seven current ones and the
 * older national groupings that ODS extracts still carry) and the organisation types in use.
 */
export const regions = [
  { code: 'Y56', name: 'London' },
  { code: 'Y58', name: 'South West' },
  { code: 'Y59', name: 'South East' },
  { code: 'Y60', name: 'Midlands' },
  { code: 'Y61', name: 'East of England' },
  { code: 'Y62', name: 'North West' },
  { code: 'Y63', name: 'North East and Yorkshire' },
  // Groupings used before 2018 that older ODS extracts (such as etr.csv) still name.
  { code: 'Y54', name: 'North of England (historical)' },
  { code: 'Y55', name: 'Midlands and East of England (historical)' },
  { code: 'Y57', name: 'South of England (historical)' },
  { code: 'W00', name: 'Wales' },
];

export const organisationTypes = [
  { code: 'RO197', shortDescription: 'NHS Trust', longDescription: 'NHS Trust' },
  { code: 'RO57', shortDescription: 'Foundation Trust', longDescription: 'NHS Foundation Trust' },
  { code: 'RO261', shortDescription: 'ICB', longDescription: 'Integrated Care Board' },
  { code: 'RO76', shortDescription: 'GP Practice', longDescription: 'GP Practice' },
  { code: 'RO209', shortDescription: 'Region', longDescription: 'NHS England Region' },
  {
    code: 'RO116',
    shortDescription: 'Management',
    longDescription: 'National or regional management organisation',
  },
];
