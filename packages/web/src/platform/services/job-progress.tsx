import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchJob, isFinished, type Job, jobKey, percentOf, retryJob } from './jobs.api';

const POLL_MS = 1000;

/**
 * A job's progress bar ("done of total"), its failure reason with a Retry button, and a callback
 * when it completes. Polls GET /api/jobs/:id until the job is finished.
 */
export function JobProgress({
  jobId,
  label,
  onCompleted,
}: {
  jobId: string;
  label?: string;
  onCompleted?: (job: Job) => void;
}) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: jobKey(jobId),
    queryFn: () => fetchJob(jobId),
    refetchInterval: (q) => (isFinished(q.state.data) ? false : POLL_MS),
  });
  const job = query.data;
  const reported = useRef(false);
  useEffect(() => {
    if (job?.status === 'completed' && !reported.current) {
      reported.current = true;
      onCompleted?.(job);
    }
  }, [job, onCompleted]);

  if (!job) return <Progress value={100} animated striped aria-label={label ?? 'Working'} />;
  const percent = percentOf(job);
  const retry = async () => {
    reported.current = false;
    client.setQueryData(jobKey(jobId), await retryJob(jobId));
  };

  return (
    <Stack gap={4} data-testid="job-progress" data-status={job.status}>
      <Group justify="space-between">
        <Text size="sm">{label ?? 'Working'}</Text>
        <Text size="sm" c="dimmed">
          {job.total > 0 ? `${job.done.toLocaleString()} of ${job.total.toLocaleString()}` : job.status}
        </Text>
      </Group>
      <Progress
        value={percent ?? 100}
        animated={!isFinished(job)}
        striped={percent === null}
        color={job.status === 'failed' ? 'red' : job.status === 'completed' ? 'green' : 'blue'}
        aria-label={label ?? 'Working'}
      />
      {job.status === 'failed' && (
        <Alert color="red" variant="light" title="The job failed">
          <Group justify="space-between">
            <Text size="sm">{job.error}</Text>
            <Button size="xs" variant="light" color="red" onClick={retry}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
