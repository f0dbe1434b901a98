// Setup file of every test file (vitest.config.ts): no server process outlives the file that started it.
import { afterAll } from 'vitest';
import { stopStartedProcesses } from './started-processes';

afterAll(stopStartedProcesses);
