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
  // Types the ODS register files carry (migration 0007 adds them to existing databases).
  {
    code: 'RO177',
    shortDescription: 'Other prescribing centre',
    longDescription: 'Prescribing cost centre other than a GP practice',
  },
  { code: 'RO198', shortDescription: 'NHS Trust Site', longDescription: 'NHS Trust Site' },
  {
    code: 'RO98',
    shortDescription: 'Sub ICB Location',
    longDescription: 'Sub ICB location (formerly a clinical commissioning group)',
  },
  { code: 'RO209', shortDescription: 'Region', longDescription: 'NHS England Region' },
  {
    code: 'RO116',
    shortDescription: 'Management',
    longDescription: 'National or regional management organisation',
  },
];

/**
 * The 42 integrated care systems (the successors of STPs) with the ODS code of their integrated care
 * board and their NHS England region. Checked against the ODS codes as of 2024; re-check before
 * relying on a code for anything but demo data (the ODS sync keeps organisations, not this list).
 */
const icsByRegion: Record<string, [string, string][]> = {
  Y56: [
    ['QMJ', 'North Central London'],
    ['QMF', 'North East London'],
    ['QRV', 'North West London'],
    ['QKK', 'South East London'],
    ['QWE', 'South West London'],
  ],
  Y58: [
    ['QOX', 'Bath and North East Somerset, Swindon and Wiltshire'],
    ['QUY', 'Bristol, North Somerset and South Gloucestershire'],
    ['QT6', 'Cornwall and the Isles of Scilly'],
    ['QJK', 'Devon'],
    ['QVV', 'Dorset'],
    ['QR1', 'Gloucestershire'],
    ['QSL', 'Somerset'],
  ],
  Y59: [
    ['QU9', 'Buckinghamshire, Oxfordshire and Berkshire West'],
    ['QNQ', 'Frimley'],
    ['QRL', 'Hampshire and Isle of Wight'],
    ['QKS', 'Kent and Medway'],
    ['QXU', 'Surrey Heartlands'],
    ['QNX', 'Sussex'],
  ],
  Y60: [
    ['QHL', 'Birmingham and Solihull'],
    ['QUA', 'Black Country'],
    ['QWU', 'Coventry and Warwickshire'],
    ['QJ2', 'Derby and Derbyshire'],
    ['QGH', 'Herefordshire and Worcestershire'],
    ['QK1', 'Leicester, Leicestershire and Rutland'],
    ['QJM', 'Lincolnshire'],
    ['QPM', 'Northamptonshire'],
    ['QT1', 'Nottingham and Nottinghamshire'],
    ['QOC', 'Shropshire, Telford and Wrekin'],
    ['QNC', 'Staffordshire and Stoke-on-Trent'],
  ],
  Y61: [
    ['QHG', 'Bedfordshire, Luton and Milton Keynes'],
    ['QUE', 'Cambridgeshire and Peterborough'],
    ['QM7', 'Hertfordshire and West Essex'],
    ['QH8', 'Mid and South Essex'],
    ['QMM', 'Norfolk and Waveney'],
    ['QJG', 'Suffolk and North East Essex'],
  ],
  Y62: [
    ['QYG', 'Cheshire and Merseyside'],
    ['QOP', 'Greater Manchester'],
    ['QE1', 'Lancashire and South Cumbria'],
  ],
  Y63: [
    ['QOQ', 'Humber and North Yorkshire'],
    ['QHM', 'North East and North Cumbria'],
    ['QF7', 'South Yorkshire'],
    ['QWO', 'West Yorkshire'],
  ],
};

export const stps = Object.entries(icsByRegion).flatMap(([regionCode, list]) =>
  list.map(([code, name]) => ({ code, name: `${name} ICS`, regionCode })),
);
