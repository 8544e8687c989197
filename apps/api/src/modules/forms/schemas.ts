import { idParam } from '@dcf/domain';
import { formDefinitionSchema } from '@dcf/forms';
import { z } from 'zod';

export const formParams = z.object({ id: idParam });
export const formVersionParams = formParams.extend({ formId: idParam });
export const formBodySchema = z.object({ definition: formDefinitionSchema });

/** The response of every form route (shared with the web app). */
export { formVersionSchema as formSchema } from '@dcf/forms';
