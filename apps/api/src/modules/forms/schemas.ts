import { formDefinitionSchema } from '@dcf/forms';
import { z } from 'zod';

export const formParams = z.object({ id: z.coerce.number().int().positive() });
export const formVersionParams = formParams.extend({ formId: z.coerce.number().int().positive() });
export const formBodySchema = z.object({ definition: formDefinitionSchema });

/** The response of every form route (shared with the web app). */
export { formVersionSchema as formSchema } from '@dcf/forms';
