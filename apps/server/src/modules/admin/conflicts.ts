import { AppError } from '../../http/app-error.ts';

const UNIQUE_VIOLATION = '23505';

/** Runs `work`; a unique constraint it trips (a taken domain, username, tag …) becomes a 409. */
export async function conflictOnDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) throw new AppError('admin.conflict');
    throw error;
  }
}
