import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a module's named export (the codebase uses named exports; lazy wants a default).
 * Each call site's import() becomes its own chunk.
 */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}
