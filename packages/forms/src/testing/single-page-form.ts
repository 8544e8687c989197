import type { FormDefinition } from '../components';

/** For tests: a single-page form of these components, as the builder saves one. */
export const form = (components: FormDefinition['components']): FormDefinition => ({
  display: 'form',
  components,
});
