import type { SchemaObjects } from '@otp/platform';
import { installStartFunctions } from './store/starts.js';

// Guard's SQL functions and trigger (admit-function.ts, prefix-counts.ts), installed by the
// migrations' owner after guard's migrations (platform's migrateService): guard's role can only
// use them.
export const installSchemaObjects: SchemaObjects['installSchemaObjects'] = installStartFunctions;
