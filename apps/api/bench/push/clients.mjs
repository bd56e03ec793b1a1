// A child of push.bench.ts: holds one event stream per URL it is given and reports when each `change`
// arrived (per customer), so the coordinator can match them with the changes it made.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const received = new Map(); // customer -> [ms]
let ready = 0;
let failed = 0;

function open(customer, url) {
  http
    .get(url, { agent }, (res) => {
      if (res.statusCode !== 200) {
        failed++;
        res.resume();
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (\w+)$/m.exec(block)?.[1];
          if (event === 'ready') ready++;
          else if (event === 'change') {
            const list = received.get(customer) ?? [];
            list.push(Date.now());
            received.set(customer, list);
          }
          end = buffer.indexOf('\n\n');
        }
      });
    })
    .on('error', () => failed++);
}

process.on('message', (message) => {
  if (message.open) for (const [customer, url] of message.open) open(customer, url);
  if (message.status) process.send({ ready, failed });
  if (message.report) {
    process.send({ received: [...received.entries()] });
    received.clear();
  }
});
process.send({ started: true });
