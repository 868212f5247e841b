import { afterEach } from 'vitest';
import { startCoreHarness, type CoreHarness, type HarnessOptions } from './core-harness';
import { useTempDirs } from './temp-dirs';

/**
 * A test file's core harness, one a test: `start` builds it, `connected` also gives it a fresh data
 * folder, starts the app and connects it to the demo. After each test whatever was put in front of
 * it or beside it (`closeAfter`: proxies, hostile servers, more demos, more apps) is closed first,
 * in the order it was added, then the harness. Replaces the `let h` + `afterEach` each file wrote.
 */
export interface CoreHarnessSlot {
  /** the harness of the test running (throws before one is started) */
  readonly h: CoreHarness;
  start(options?: HarnessOptions): Promise<CoreHarness>;
  /** started on `dataDir` (a fresh one by default), the app started and connected to the demo */
  connected(options?: HarnessOptions, dataDir?: string): Promise<CoreHarness>;
  /** closes `item` after the test, before the harness; returns it */
  closeAfter<T extends { close(): Promise<void> }>(item: T): T;
  /** a fresh temporary folder, removed after the test */
  tempDir(): string;
}

export function useCoreHarness(tempPrefix = 'airwave-core-test'): CoreHarnessSlot {
  const tempDir = useTempDirs(tempPrefix);
  let current: CoreHarness | null = null;
  const extras: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const item of extras.splice(0)) await item.close();
    await current?.close();
    current = null;
  });
  const slot: CoreHarnessSlot = {
    get h() {
      if (!current) throw new Error('no core harness started in this test');
      return current;
    },
    async start(options = {}) {
      // a second harness in one test: the first is closed after it, like any extra
      if (current) extras.push(current);
      current = await startCoreHarness(options);
      return current;
    },
    async connected(options = {}, dataDir = tempDir()) {
      const harness = await slot.start({ ...options, app: { dataDir, ...options.app } });
      await harness.app.start();
      await harness.connect();
      return harness;
    },
    closeAfter(item) {
      extras.push(item);
      return item;
    },
    tempDir,
  };
  return slot;
}
