import * as registered from '../../workflows/index.js';
import { failureMessage, failureTypes, workflowTypes, type Workflows } from '../../workflows/contract.js';
import { ActivityFailure, ApplicationFailure, RetryState } from '@temporalio/common';

describe('the Temporal contract', () => {
  test('the worker registers exactly the workflows the contract names, with its signatures', () => {
    // Compile-time half: a registered workflow whose signature drifts from the contract fails the build here.
    const typed: Workflows = registered;
    expect(Object.keys(typed).sort()).toEqual(Object.keys(workflowTypes).sort());
    for (const [name, type] of Object.entries(workflowTypes)) expect(type).toBe(name);
  });

  test('the task workflows the API starts by function carry the names the worker registers', () => {
    // The client takes a workflow function's name as its type: these must stay the contract's.
    expect([registered.operationTask.name, registered.geocodeTask.name, registered.platformTask.name]).toEqual([
      workflowTypes.operationTask,
      workflowTypes.geocodeTask,
      workflowTypes.platformTask,
    ]);
  });

  const wrapped = (cause: Error): ActivityFailure =>
    new ActivityFailure('activity failed', 'runPlatformTask', '1', RetryState.MAXIMUM_ATTEMPTS_REACHED, undefined, cause);

  test('failureMessage reads the innermost cause of a wrapped failure', () => {
    const inner = ApplicationFailure.nonRetryable('the problem is invalid', failureTypes.invalidPlanProblem);
    expect(failureMessage(wrapped(inner))).toBe('the problem is invalid');
    expect(failureMessage('plain')).toBe('plain');
  });

  test('with shown types, only those application failures keep their message', () => {
    const shown = { types: [failureTypes.platformUnreachable], otherwise: 'the worker could not finish the task' };
    expect(
      failureMessage(wrapped(ApplicationFailure.retryable('the platform did not answer', failureTypes.platformUnreachable)), shown),
    ).toBe('the platform did not answer');
    expect(failureMessage(wrapped(ApplicationFailure.retryable('db.internal:5432 refused', 'Error')), shown)).toBe(
      'the worker could not finish the task',
    );
    expect(failureMessage(wrapped(new Error('connect ECONNREFUSED 10.0.0.7')), shown)).toBe('the worker could not finish the task');
  });
});
