//! Judging off the async threads, a bounded number of jobs at a time, each bounded in time.
//!
//! A job runs on tokio's blocking threads (`spawn_blocking`) and holds one of a fixed number
//! of permits while it runs. A request waits for a permit and for its job within one
//! deadline; past it, the request is answered with 503. A thread cannot be stopped from
//! outside, so the job is given the deadline ([`Deadline`]) and the long ones (judging the
//! corpus) check it between cases and give up; a job only gives its permit back when it
//! ends, so runaway jobs never pile up beyond the bound.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;
use tokio::time::{Instant, timeout_at};

pub use crate::analyses::Deadline;

/// The bounded runner of judging jobs.
#[derive(Debug, Clone)]
pub struct Jobs {
    permits: Arc<Semaphore>,
    timeout: Duration,
}

/// Why a job gave no answer. Messages are Vietnamese first, with the English after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JobError {
    /// No permit came free before the deadline.
    #[error(
        "máy chủ đang bận: không có chỗ xử nào rảnh trong {0:?} (the server is busy: no judging slot came free within {0:?})"
    )]
    Busy(Duration),
    /// The job did not finish before the deadline.
    #[error("xử quá giới hạn {0:?} (judging took longer than the limit of {0:?})")]
    TimedOut(Duration),
    /// The job failed (a bug in xqlaw).
    #[error("xử bị lỗi bất ngờ, một lỗi của xqlaw (judging failed unexpectedly, a bug in xqlaw)")]
    Failed,
}

impl Jobs {
    /// At most `permits` jobs at once (at least one); `timeout` per request.
    pub fn new(permits: usize, timeout: Duration) -> Jobs {
        Jobs {
            permits: Arc::new(Semaphore::new(permits.max(1))),
            timeout,
        }
    }

    /// Runs `job` on a blocking thread when a permit is free, within the deadline, which the
    /// job is given so that it can stop itself once past it.
    ///
    /// # Errors
    ///
    /// No permit before the deadline, the job not done by then, or the job panicked.
    pub async fn run<T, F>(&self, job: F) -> Result<T, JobError>
    where
        F: FnOnce(Deadline) -> T + Send + 'static,
        T: Send + 'static,
    {
        let deadline = Instant::now() + self.timeout;
        let permit = timeout_at(deadline, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| JobError::Busy(self.timeout))?
            .map_err(|_| JobError::Failed)?;
        let stop = Deadline::at(deadline.into_std());
        let handle = tokio::task::spawn_blocking(move || {
            let answer = job(stop);
            drop(permit);
            answer
        });
        match timeout_at(deadline, handle).await {
            Err(_) => Err(JobError::TimedOut(self.timeout)),
            Ok(Err(_)) => Err(JobError::Failed),
            Ok(Ok(answer)) => Ok(answer),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_slow_job_times_out_and_keeps_its_permit_until_done() {
        let jobs = Jobs::new(1, Duration::from_millis(100));
        let slow = jobs.run(|_| std::thread::sleep(Duration::from_millis(400)));
        assert_eq!(
            slow.await,
            Err(JobError::TimedOut(Duration::from_millis(100)))
        );
        // The slow job still runs and holds the only permit: the next request is turned away.
        assert_eq!(
            jobs.run(|_| 1).await,
            Err(JobError::Busy(Duration::from_millis(100)))
        );
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(jobs.run(|_| 2).await, Ok(2));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panicking_job_is_an_error_not_a_crash() {
        let jobs = Jobs::new(1, Duration::from_secs(5));
        let failed = jobs.run(|_| panic!("boom")).await;
        assert_eq!(failed, Err::<(), _>(JobError::Failed));
        assert_eq!(jobs.run(|_| 3).await, Ok(3));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_that_checks_its_deadline_gives_its_permit_back_at_once() {
        let jobs = Jobs::new(1, Duration::from_millis(100));
        // A long job made of short steps, each checking the deadline.
        let steps = jobs.run(|deadline| {
            let mut done = 0;
            while done < 100 && !deadline.passed() {
                std::thread::sleep(Duration::from_millis(10));
                done += 1;
            }
            done
        });
        // Timed out, or (on a busy machine) done just as the deadline fell: either way the
        // job stopped itself, long before its hundred steps.
        let answer = steps.await;
        assert!(
            matches!(answer, Err(JobError::TimedOut(_))) || answer.is_ok_and(|done| done < 100),
            "{answer:?}"
        );
        // The job stopped itself soon after the deadline: its permit is free again.
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(jobs.run(|_| 4).await, Ok(4));
    }
}
