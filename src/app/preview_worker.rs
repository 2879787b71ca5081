//! A viewshed on a big board (every hex's line of sight from the hovered one) takes far
//! longer than a frame, and even one line of sight there first reads the whole board,
//! so what follows the pointer is answered on a thread of its own: the frame hands over
//! the latest question and goes on drawing the last answer. The thread answers only the
//! newest question it has been given (those asked meanwhile are skipped), and an answer
//! for an older revision of the document is dropped when it arrives.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread::JoinHandle;

use crate::rules::Ruleset;
use crate::scenario::Scenario;

/// A question for the thread: the scenario as it stands at one revision, shared with
/// the next questions until the document changes.
pub struct Job<K> {
    pub key: K,
    pub scenario: Arc<Scenario>,
    pub ruleset: Arc<Ruleset>,
    /// Woken when the answer is ready, so the designer draws it without a mouse move.
    pub wake: Option<egui::Context>,
}

/// The scenario and ruleset as the thread sees them: copied once per revision of a
/// document and shared by the questions asked until it changes.
#[derive(Default)]
pub struct Shared(Option<Copies>);

/// (document, revision), and the copies made at that revision.
type Copies = ((u64, u64), Arc<Scenario>, Arc<Ruleset>);

impl Shared {
    /// A question for `key` about document `at` = (id, revision) as `s` and `r` stand.
    pub fn job<K>(
        &mut self,
        key: K,
        at: (u64, u64),
        s: &Scenario,
        r: &Ruleset,
        wake: Option<egui::Context>,
    ) -> Job<K> {
        let (scenario, ruleset) = match &self.0 {
            Some((now, s, r)) if *now == at => (s.clone(), r.clone()),
            _ => {
                let (s, r) = (Arc::new(s.clone()), Arc::new(r.clone()));
                self.0 = Some((at, s.clone(), r.clone()));
                (s, r)
            }
        };
        Job {
            key,
            scenario,
            ruleset,
            wake,
        }
    }
}

/// The thread and the two ends of its channels; dropping it lets the thread end after
/// the question in hand.
pub struct Worker<K, A> {
    jobs: Option<Sender<Job<K>>>,
    answers: Receiver<(K, A)>,
    thread: Option<JoinHandle<()>>,
    /// The last question handed over and not answered yet.
    pending: Option<K>,
}

impl<K, A> Worker<K, A>
where
    K: Clone + PartialEq + Send + 'static,
    A: Send + 'static,
{
    /// Starts the thread; `answer` is asked each question in turn.
    pub fn start(answer: impl Fn(&K, &Scenario, &Ruleset) -> A + Send + 'static) -> Self {
        let (jobs, inbox) = channel::<Job<K>>();
        let (outbox, answers) = channel();
        let thread = std::thread::Builder::new()
            .name("preview".into())
            .spawn(move || {
                while let Ok(mut job) = inbox.recv() {
                    // Only the newest question matters: the pointer has moved on.
                    loop {
                        match inbox.try_recv() {
                            Ok(newer) => job = newer,
                            Err(TryRecvError::Empty) => break,
                            Err(TryRecvError::Disconnected) => return,
                        }
                    }
                    let a = answer(&job.key, &job.scenario, &job.ruleset);
                    if outbox.send((job.key, a)).is_err() {
                        return;
                    }
                    if let Some(ctx) = job.wake {
                        ctx.request_repaint();
                    }
                }
            })
            .ok();
        Worker {
            jobs: thread.is_some().then_some(jobs),
            answers,
            thread,
            pending: None,
        }
    }

    /// Whether the thread could be started (else questions are answered in the frame).
    pub fn running(&self) -> bool {
        self.jobs.is_some()
    }

    /// Hands `job` over unless the same question is already being answered.
    pub fn ask(&mut self, job: Job<K>) {
        if self.pending.as_ref() == Some(&job.key) {
            return;
        }
        let key = job.key.clone();
        if let Some(jobs) = &self.jobs
            && jobs.send(job).is_ok()
        {
            self.pending = Some(key);
        }
    }

    /// The newest answer that has come back and that `keep` accepts (others dropped).
    pub fn take(&mut self, keep: impl Fn(&K) -> bool) -> Option<(K, A)> {
        let mut newest = None;
        while let Ok((key, a)) = self.answers.try_recv() {
            if self.pending.as_ref() == Some(&key) {
                self.pending = None;
            }
            if keep(&key) {
                newest = Some((key, a));
            }
        }
        newest
    }

    /// Waits (at most `limit`) for the question in hand to be answered: for tests and
    /// benches, which must see the answer a user would see a moment later.
    pub fn wait(&mut self, limit: std::time::Duration) -> Option<(K, A)> {
        let end = std::time::Instant::now() + limit;
        while self.pending.is_some() {
            let left = end.saturating_duration_since(std::time::Instant::now());
            match self.answers.recv_timeout(left) {
                Ok((key, a)) => {
                    if self.pending.as_ref() == Some(&key) {
                        self.pending = None;
                        return Some((key, a));
                    }
                }
                Err(_) => return None,
            }
        }
        None
    }
}

/// A preview's thread as the frame uses it (the hex previews' and the table fields'
/// alike): started on the first question, fed the newest one, its answers taken for
/// the document's revision in hand, the scenario copied once per revision.
pub struct Background<K, A> {
    worker: Option<Worker<K, A>>,
    shared: Shared,
}

impl<K, A> Default for Background<K, A> {
    fn default() -> Self {
        Background {
            worker: None,
            shared: Shared::default(),
        }
    }
}

/// What a preview's thread asks each question.
pub type Answerer<K, A> = fn(&K, &Scenario, &Ruleset) -> A;

impl<K, A> Background<K, A>
where
    K: Clone + PartialEq + Send + 'static,
    A: Send + 'static,
{
    /// Starts the thread with `answer` if it is not running yet; then the newest answer
    /// that has come back for revision `now` (`revision` reads a question's), if any.
    /// `None` when no thread could be started: the frame answers then.
    pub fn came_back(
        &mut self,
        answer: Answerer<K, A>,
        now: (u64, u64),
        revision: impl Fn(&K) -> (u64, u64),
    ) -> Option<Option<(K, A)>> {
        let worker = self.worker.get_or_insert_with(|| Worker::start(answer));
        worker
            .running()
            .then(|| worker.take(|k| revision(k) == now))
    }

    /// Hands `key` about document `now` (as `s` and `r` stand) to the thread.
    pub fn ask(
        &mut self,
        key: K,
        now: (u64, u64),
        s: &Scenario,
        r: &Ruleset,
        wake: Option<egui::Context>,
    ) {
        if let Some(worker) = &mut self.worker {
            worker.ask(self.shared.job(key, now, s, r, wake));
        }
    }

    /// [`Worker::wait`], when the thread was started.
    pub fn wait(&mut self, limit: std::time::Duration) -> Option<(K, A)> {
        self.worker.as_mut()?.wait(limit)
    }
}

impl<K, A> Drop for Worker<K, A> {
    fn drop(&mut self) {
        // Closing the channel ends the thread after the question in hand; it is not
        // waited for, so leaving a preview never stalls the frame.
        self.jobs = None;
        drop(self.thread.take());
    }
}
