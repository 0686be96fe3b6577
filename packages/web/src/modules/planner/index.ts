// The planner module's public surface on the web: the board with its dialogs (Shop → Work orders).
export { plannerApi } from './planner.api';
export { PlannerView } from './planner-view';
