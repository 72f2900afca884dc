/** Liveness: the API answers and its database is reachable (the desktop shell probes it too). */
import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });
