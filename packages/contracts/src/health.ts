import { z } from 'zod';

export const ZHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
export type THealth = z.infer<typeof ZHealthSchema>;
