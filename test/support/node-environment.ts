import vm from 'node:vm';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-node';

/**
 * Jest's node environment with a plain global object. The stock one makes the test context's
 * global a Proxy (to delete what a test leaves on it), so every global lookup in the code under
 * test (`Math`, `Float64Array`, `Number`) runs a proxy trap: the solver's hot loops ran about 50
 * times slower under jest than under node. A context made with `DONT_CONTEXTIFY` has an ordinary
 * global object; each test file still gets a context of its own, dropped after the file.
 */
export default class PlainGlobalEnvironment extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    const createContext = vm.createContext;
    vm.createContext = (() => createContext(vm.constants.DONT_CONTEXTIFY)) as typeof vm.createContext;
    try {
      super(config, context);
    } finally {
      vm.createContext = createContext;
    }
  }
}
