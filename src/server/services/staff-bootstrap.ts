import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Config } from '../config';

/** Creates or resets the staff account named by ADMIN_USERNAME (filled in by the back-office work). */
export async function ensureStaffAccount(_db: Db, _config: Config, _logger: Logger): Promise<void> {}
