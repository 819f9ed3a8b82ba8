import { Duration } from "aws-cdk-lib";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { keepDeadLetterQueue } from "./nag.ts";

/**
 * A dead-letter queue for work nobody waits on (scheduled jobs, the import worker): what failed
 * after its retries lands here, an alarm fires on the first message (stacks/Alarms.ts), and the
 * message keeps the event for 14 days (SQS's longest) so it can be looked at and replayed.
 */
export function deadLetterQueue(scope: Construct, id: string) {
  const queue = new Queue(scope, id, {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  keepDeadLetterQueue(queue);
  return queue;
}
