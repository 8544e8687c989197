/** The demo collection's wizard form: a small but real monthly workforce return. */
export const demoFormDefinition = {
  display: 'wizard',
  title: 'Monthly workforce return',
  components: [
    {
      type: 'panel',
      key: 'staffing',
      title: 'Staffing',
      components: [
        {
          type: 'number',
          key: 'headcount',
          label: 'Headcount',
          validate: { required: true, min: 0 },
          input: true,
        },
        {
          type: 'number',
          key: 'vacancies',
          label: 'Vacancies',
          validate: { required: true, min: 0 },
          input: true,
        },
        {
          type: 'number',
          key: 'agencyShifts',
          label: 'Agency shifts filled',
          validate: { min: 0 },
          input: true,
        },
      ],
    },
    {
      type: 'panel',
      key: 'sickness',
      title: 'Sickness absence',
      components: [
        {
          type: 'number',
          key: 'sicknessDays',
          label: 'Working days lost to sickness',
          validate: { required: true, min: 0 },
          input: true,
        },
        {
          type: 'radio',
          key: 'covidRelated',
          label: 'Were any absences COVID-19 related?',
          values: [
            { label: 'Yes', value: 'yes' },
            { label: 'No', value: 'no' },
          ],
          validate: { required: true },
          input: true,
        },
        { type: 'textarea', key: 'comments', label: 'Comments', validate: { maxLength: 2000 }, input: true },
      ],
    },
  ],
};
