/**
 * The connector for a project's tracker (docs/projects.md, "Tool connections"). Each speaks its tracker's
 * public API; tools/tracker-sim has a stand-in for each, which the tests start.
 */
import { TrackerError, type TrackerConnection, type TrackerConnector } from './types.js';
import type { TrackerHttp } from './http.js';
import { createAzureDevOpsConnector } from './azure-devops.js';
import { createJiraConnector } from './jira.js';
import { createMondayConnector } from './monday.js';
import { createPlannerConnector } from './planner.js';
import { createTrelloConnector } from './trello.js';

export function connectorFor(connection: TrackerConnection, http: TrackerHttp): TrackerConnector {
  switch (connection.tool) {
    case 'jira':
      return createJiraConnector(connection, http);
    case 'azure-devops':
      return createAzureDevOpsConnector(connection, http);
    case 'monday':
      return createMondayConnector(connection, http);
    case 'trello':
      return createTrelloConnector(connection, http);
    case 'planner':
      return createPlannerConnector(connection, http);
    default:
      throw new TrackerError('not-found', `Connecting to ${connection.tool} is not available yet`);
  }
}
