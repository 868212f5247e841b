import * as v from 'valibot';
import { ProgramSchema } from './common';
import { parseWith, rows, type Read } from './schema';

/**
 * `GET /channels/{id}/schedule?hours=1..24`: one channel's programmes from now on. Beyond the
 * documented interface (real servers have it, some answer 404); only `programs` is relied on.
 */
export const ChannelScheduleSchema = v.object({ programs: rows(ProgramSchema) });
export type ChannelSchedule = v.InferOutput<typeof ChannelScheduleSchema>;
export const parseChannelSchedule = (input: unknown): Read<ChannelSchedule> =>
  parseWith(ChannelScheduleSchema, 'GET /channels/{id}/schedule', input);
