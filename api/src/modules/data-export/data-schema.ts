// data.json's shape, and its JSON Schema written beside it in the zip (data.schema.json), from one zod schema
// built over the list of the learner's tables, so a table added there is described here too.
import { z } from 'zod';
import { LEARNER_TABLES } from '../account/learner-tables.ts';

export const DATA_FORMAT = 1;

const Row = z
  .record(z.string(), z.unknown())
  .describe(
    "One row as the database holds it: column names in snake_case, timestamps as ISO 8601 text in UTC, JSON columns as JSON. Secrets (the password's hash, a calendar feed's token) and card details are left out.",
  );

export const EXPORTED_TABLES = LEARNER_TABLES.filter((entry) => entry.exported);

export const DataFileSchema = z
  .object({
    exportedAt: z.iso.datetime({ offset: true }).describe('When this download was made (ISO 8601, UTC)'),
    format: z.literal(DATA_FORMAT).describe('The version of this layout'),
    tables: z
      .object(
        Object.fromEntries(
          EXPORTED_TABLES.map((entry) => [
            entry.table,
            z.array(Row).describe(`Every row of the table ${entry.table} that belongs to you`),
          ]),
        ),
      )
      .strict()
      .describe('Your rows, table by table'),
  })
  .strict()
  .describe('Everything Mindpath holds about you, as a download of your data');

export type DataFile = z.infer<typeof DataFileSchema>;

export function dataFileJsonSchema(): Record<string, unknown> {
  return {
    title: 'Mindpath: your data',
    ...(z.toJSONSchema(DataFileSchema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>),
  };
}
