// Runs a tracker stand-in by hand, with its demo data: `npx tsx tools/tracker-sim/cli.ts --tool jira --port 8080`.
// Then connect a project to the printed address (the API needs TRACKER_ALLOW_PRIVATE_URLS=true for loopback).
import { parseArgs } from 'node:util';
import { azureDevOpsDemoData, startAzureDevOpsSim } from './azure-devops.js';
import { jiraDemoData, startJiraSim } from './jira.js';
import { mondayDemoData, startMondaySim } from './monday.js';
import { plannerDemoData, startPlannerSim } from './planner.js';
import { startTrelloSim, trelloDemoData } from './trello.js';

const HELP = `tracker-sim: a tracker's REST API on 127.0.0.1, serving its demo project

  --tool <jira|azure-devops|trello|planner|monday>   which tracker (default jira)
  --port <n>                   port; 0 = any free port (default 0)
  --page-size <n>              the most items any page holds (default: the tracker's own)
  --help`;

const { values } = parseArgs({
  options: {
    tool: { type: 'string', default: 'jira' },
    port: { type: 'string', default: '0' },
    'page-size': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const port = Number(values.port);
const pageSize = values['page-size'] === undefined ? {} : { pageSize: Number(values['page-size']) };

if (values.tool === 'jira') {
  const sim = await startJiraSim(jiraDemoData(), { port, ...pageSize });
  console.log(`Jira stand-in at ${sim.url}: project key WEB, account po@northwind.example, API token jira-demo-token`);
  process.on('SIGINT', () => void sim.close().then(() => process.exit(0)));
} else if (values.tool === 'azure-devops') {
  const sim = await startAzureDevOpsSim(azureDevOpsDemoData(), { port, ...pageSize });
  console.log(`Azure DevOps stand-in at ${sim.url}: project "Mobile App", personal access token azure-demo-pat`);
  process.on('SIGINT', () => void sim.close().then(() => process.exit(0)));
} else if (values.tool === 'trello') {
  const sim = await startTrelloSim(trelloDemoData(), { port, ...pageSize });
  console.log(`Trello stand-in at ${sim.url}: board Qx7Lm2Pa, API key trello-demo-key, token trello-demo-token`);
  process.on('SIGINT', () => void sim.close().then(() => process.exit(0)));
} else if (values.tool === 'planner') {
  const sim = await startPlannerSim(plannerDemoData(), { port, ...pageSize });
  console.log(`Planner stand-in at ${sim.url}: plan Nw7pR2kqLUe5s0Xz-9AaC2QAHrTb, access token planner-demo-token`);
  process.on('SIGINT', () => void sim.close().then(() => process.exit(0)));
} else if (values.tool === 'monday') {
  const sim = await startMondaySim(mondayDemoData(), { port, ...pageSize });
  console.log(`monday.com stand-in at ${sim.url}: board id 1802551123, API token monday-demo-token`);
  process.on('SIGINT', () => void sim.close().then(() => process.exit(0)));
} else {
  console.error(`Unknown tool ${values.tool}\n\n${HELP}`);
  process.exit(2);
}
