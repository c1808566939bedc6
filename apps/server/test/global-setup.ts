import type { TestProject } from 'vitest/node';
import { prepareDatabaseTemplate } from './helpers/database-template.js';
import { ensureMediaTools } from './helpers/media-tools.js';

/** Before the server tests: media tools present, and one migrated database template for the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureMediaTools();
  const prepared = await prepareDatabaseTemplate(process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplate', prepared.template);
  return () => prepared.remove();
}
