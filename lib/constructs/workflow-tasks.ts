import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { WORKFLOW_TASKS, type FunctionDefinition, type WorkflowTaskName } from '../../lambdas/functions.js';
import { ServiceFunction, type GrantTargets } from './service-function.js';

export interface WorkflowTasksProps {
  /** Deployment stage, passed to every task function. */
  readonly stage: string;
  /**
   * Resources the tasks' catalogue grants point at. The state machine is built from these functions, so for a task with
   * `grants.workflow` (AwaitPayment answers its own token) it must be a reference by a precomputed ARN
   * (`StateMachine.fromStateMachineArn`), never the state machine itself: that would be a dependency cycle.
   */
  readonly targets: GrantTargets;
}

/** One ServiceFunction per `WORKFLOW_TASKS` entry, with its catalogue grants, ready for `Workflow`. */
export class WorkflowTasks extends Construct {
  readonly functions: Record<WorkflowTaskName, ServiceFunction>;

  constructor(scope: Construct, id: string, props: WorkflowTasksProps) {
    super(scope, id);
    const create = (name: WorkflowTaskName): ServiceFunction => {
      const { entry, grants, timeoutSeconds }: FunctionDefinition = WORKFLOW_TASKS[name];
      // A task that calls Asaas (ConfirmPayment schedules the nota fiscal) needs the catalogue's longer timeout.
      return new ServiceFunction(this, name, {
        entry,
        stage: props.stage,
        timeout: timeoutSeconds ? Duration.seconds(timeoutSeconds) : undefined,
      }).applyGrants(grants, props.targets);
    };
    const functions: Partial<Record<WorkflowTaskName, ServiceFunction>> = {};
    for (const name of Object.keys(WORKFLOW_TASKS) as WorkflowTaskName[]) functions[name] = create(name);
    this.functions = functions as Record<WorkflowTaskName, ServiceFunction>;
  }
}
