"""A Flower Grid whose nodes are ClientApp calls in this process, for tests of the Flower layer without processes:
one Context per client node, optional crashes (`fail={client: round}`) and restarts (`restart={client: round}`)."""
import uuid
from flwr.app import Context, Error, Message, RecordDict
from flwr.clientapp import ClientApp
from flwr.serverapp import Grid
from flwr.supercore.task_identity import TaskIdentity
from hdcfl.flower.clientapp import client_app

class InProcessGrid(Grid):
    "A Grid whose nodes are ClientApp calls in this process: one Context per client, optional crashes and restarts"
    def __init__(self, run_config:dict, n:int, app:ClientApp=client_app,
                 fail:dict|None=None, # {client: round its node crashes}
                 restart:dict|None=None): # {client: round a new node for it comes up, with a fresh state}
        self.app, self.fail, self.restart, self.round, self._run, self.sent, self.n = app, dict(fail or {}), dict(restart or {}), 0, None, [], n
        if TaskIdentity._run_id is None: TaskIdentity.run_id, TaskIdentity.node_id, TaskIdentity.task_id = 1, 0, 0  # what a ServerApp process has
        self.contexts = {1000 + k: Context(run_id=1, node_id=1000 + k, node_config={'partition-id': k, 'num-partitions': n}, state=RecordDict(), run_config=dict(run_config)) for k in range(n)}
    def set_run(self, run_id): self._run = run_id
    @property
    def run(self): return self._run
    def create_message(self, content, message_type, dst_node_id, group_id, ttl=None): return Message(content, dst_node_id, message_type, group_id=group_id)
    def crashed(self, node, rnd): k = node - 1000; return k in self.fail and rnd >= self.fail[k]
    def get_node_ids(self):
        for k, r in self.restart.items():
            if self.round >= r and 2000 + k not in self.contexts:
                self.contexts[2000 + k] = Context(run_id=1, node_id=2000 + k, node_config={'partition-id': k, 'num-partitions': self.n}, state=RecordDict(), run_config=dict(self.contexts[1000 + k].run_config))
        return [nd for nd in self.contexts if not self.crashed(nd, self.round)]  # gone once a message of its crash round was sent
    def push_messages(self, messages):
        "Answer at once; the replies wait for `pull_messages`"
        ms = list(messages)
        self.waiting = {**getattr(self, 'waiting', {}), **{r.metadata.reply_to_message_id: r for r in self.send_and_receive(ms)}}
        return [m.metadata.message_id for m in ms]
    def pull_messages(self, message_ids):
        return [self.waiting.pop(i) for i in list(message_ids) if i in self.waiting]
    def send_and_receive(self, messages, *, timeout=None):
        replies = []
        for m in messages:
            m.metadata.__dict__['_message_id'] = uuid.uuid4().hex
            rnd = int(m.metadata.group_id or 0); self.round = max(self.round, rnd); self.sent.append(m)
            if self.crashed(m.metadata.dst_node_id, rnd): replies.append(Message(Error(code=5, reason='node unavailable (crashed)'), reply_to=m)); continue
            try: replies.append(self.app(m, self.contexts[m.metadata.dst_node_id]))
            except Exception as e: replies.append(Message(Error(code=2, reason=f'{type(e).__name__}: {e}'), reply_to=m))
        return replies
