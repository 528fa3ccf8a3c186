import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (BaseSequencer) runs the projects one after another (sorted by name), each file's
 * largest or slowest-last-time first. Here the projects' files are merged in proportion instead, so
 * that no project's files are left to run alone at the end of the shared pool. (A project of one file
 * at a time, the browser tests, runs in a group of its own after the pool whatever this order says.)
 */
export class ProportionalSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of await super.sort(files)) {
      const queue = byProject.get(file.project.name) ?? [];
      queue.push(file);
      byProject.set(file.project.name, queue);
    }
    const queues = [...byProject.values()].map((queue) => ({ queue, taken: 0 }));
    const merged: TestSpecification[] = [];
    while (merged.length < files.length) {
      // The project furthest behind its share of the files goes next.
      const next = queues
        .filter((q) => q.taken < q.queue.length)
        .reduce((a, b) => ((a.taken + 1) / a.queue.length <= (b.taken + 1) / b.queue.length ? a : b));
      merged.push(next.queue[next.taken++]!);
    }
    return merged;
  }
}
