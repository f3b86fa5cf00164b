import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { SCHEDULED_FUNCTIONS, type ScheduledFunctionName } from '../../lambdas/functions.js';
import { nagRef } from '../nag.js';
import { ServiceFunction, type GrantTargets } from './service-function.js';

export interface SchedulesProps {
  /** Deployment stage, passed to every scheduled function. */
  readonly stage: string;
  /** Resources the scheduled functions' catalogue grants point at. */
  readonly targets: GrantTargets;
}

/**
 * One ServiceFunction per `SCHEDULED_FUNCTIONS` entry, with its catalogue grants and timeout, and an EventBridge
 * Scheduler schedule that invokes it at the entry's local time(s) of day (a cron in its time zone).
 */
export class Schedules extends Construct {
  readonly functions: Record<ScheduledFunctionName, ServiceFunction>;
  readonly schedules: Record<ScheduledFunctionName, scheduler.Schedule>;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const functions: Partial<Record<ScheduledFunctionName, ServiceFunction>> = {};
    const schedules: Partial<Record<ScheduledFunctionName, scheduler.Schedule>> = {};
    for (const name of Object.keys(SCHEDULED_FUNCTIONS) as ScheduledFunctionName[]) {
      const { entry, grants, timeoutSeconds, schedule } = SCHEDULED_FUNCTIONS[name];
      const fn = new ServiceFunction(this, name, {
        entry,
        stage: props.stage,
        timeout: Duration.seconds(timeoutSeconds),
      }).applyGrants(grants, props.targets);
      // Scheduler invokes Lambda asynchronously, so a run that fails (Asaas down) is Lambda's to retry: once, a few
      // minutes later, as the same run (same scheduled time); after that the next night's run reads everything again.
      fn.configureAsyncInvoke({ retryAttempts: 1, maxEventAge: Duration.hours(1) });
      // The scheduler's own role, here rather than the target's shared one at the stack's root: only this account's
      // schedules may assume it, and its one finding is acknowledged where it is made.
      const role = new iam.Role(this, `${name}SchedulerRole`, {
        assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
        }),
      });
      const hours: readonly number[] = typeof schedule.hour === 'number' ? [schedule.hour] : schedule.hour;
      const times = hours
        .map((hour) => `${String(hour).padStart(2, '0')}:${String(schedule.minute).padStart(2, '0')}`)
        .join(', ');
      schedules[name] = new scheduler.Schedule(this, `${name}Schedule`, {
        description: `${name}, ${hours.length === 1 ? 'once a day' : `${hours.length} times a day`} at ${times} ${schedule.timeZone}`,
        schedule: scheduler.ScheduleExpression.cron({
          hour: hours.join(','),
          minute: String(schedule.minute),
          timeZone: TimeZone.of(schedule.timeZone),
        }),
        target: new LambdaInvoke(fn, {
          // The run's id: a retry of the same run keeps it (its report is sent once, its records rewritten).
          input: scheduler.ScheduleTargetInput.fromObject({ scheduledTime: scheduler.ContextAttribute.scheduledTime }),
          // Only for handing the event to Lambda (throttling); the run's own failures are Lambda's retry above.
          retryAttempts: 3,
          maxEventAge: Duration.hours(1),
          role,
        }),
      });
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagRef(this, fn.functionArn)}:*]`,
        reason:
          'LambdaInvoke grants lambda:InvokeFunction on the function and its versions (ARN:*); both are this one function.',
      });
      functions[name] = fn;
    }
    this.functions = functions as Record<ScheduledFunctionName, ServiceFunction>;
    this.schedules = schedules as Record<ScheduledFunctionName, scheduler.Schedule>;
  }
}
