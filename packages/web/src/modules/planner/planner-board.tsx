import { addDays, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  type PlannerBoard as Board,
  PLANNER_FIRST_HOUR,
  PLANNER_MAX_HOURS,
  type Task,
  type TaskCell,
  taskCells,
} from '@backhaul/shared/modules/planner/planner.contract';
import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Badge, Button, Group, Menu, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { useLiveUpdates } from '../../platform/services/use-live-updates';
import { type Placement, plannerApi } from './planner.api';
import './planner.css';

const HOUR_W = 64;
const LANE_H = 34;
const LABEL_W = 150;
const KIND_COLOR: Record<Task['kind'], string> = { work_order: 'blue', light_order: 'teal', day_off: 'gray' };

export type Opened =
  | { kind: 'work_order'; id: number | null; place?: Placement }
  | { kind: 'light_order' | 'day_off'; id: number | null; place?: Placement };

/** One empty hour of a lane: a drop target, and a menu to create something there. */
function Cell(props: { id: string; onCreate: (kind: Opened['kind']) => void }) {
  const { setNodeRef, isOver } = useDroppable({ id: props.id });
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <div
          ref={setNodeRef}
          className={isOver ? 'planner-cell planner-cell-over' : 'planner-cell'}
          data-cell={props.id}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => props.onCreate('work_order')}>New work order</Menu.Item>
        <Menu.Item onClick={() => props.onCreate('light_order')}>Light order</Menu.Item>
        <Menu.Item onClick={() => props.onCreate('day_off')}>Day off</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * One cell of a task on the board (a task past 19:00 goes on at 7:00 the next day, §9): its first
 * cell drags to move it, its last cell's right edge drags to change its hours, a click opens it.
 */
function TaskBlock(props: { task: Task; cell: TaskCell; index: number; onOpen: (t: Task) => void }) {
  const { task, cell, index } = props;
  const first = index === 0;
  const last = index === task.cells.length - 1;
  const piece = `${task.id}:${cell.date}`;
  const move = useDraggable({ id: first ? `task:${task.id}` : `piece:${piece}`, disabled: !first });
  const resize = useDraggable({ id: last ? `resize:${task.id}` : `piece-end:${piece}`, disabled: !last });
  const dx = move.transform?.x ?? 0;
  const dy = move.transform?.y ?? 0;
  const grow = resize.transform?.x ?? 0;
  const style: CSSProperties = {
    left: (cell.time - PLANNER_FIRST_HOUR) * HOUR_W + 1,
    width: Math.max(HOUR_W / 2, cell.w * HOUR_W - 2 + grow),
    transform: `translate(${dx}px, ${dy}px)`,
    zIndex: move.isDragging || resize.isDragging ? 5 : 2,
  };
  return (
    <div
      ref={move.setNodeRef}
      className={`planner-task planner-task-${task.kind}${first ? '' : ' planner-task-wrapped'}`}
      style={style}
      data-testid="planner-task"
      data-task={task.id}
      data-cell-date={cell.date}
      {...(first ? move.listeners : {})}
      {...(first ? move.attributes : {})}
    >
      <button
        type="button"
        className="planner-task-open"
        title={[task.info.title, task.info.subtitle, first ? null : `continued from ${task.date} ${task.time}:00`]
          .filter(Boolean)
          .join(' — ')}
        onClick={() => props.onOpen(task)}
      >
        <Text size="xs" fw={600} truncate>
          {first ? task.info.title : `↪ ${task.info.title}`}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {task.info.subtitle}
        </Text>
      </button>
      {last && (
        <button
          type="button"
          ref={resize.setNodeRef}
          className="planner-resize"
          aria-label="Change the hours"
          {...resize.listeners}
          {...resize.attributes}
        />
      )}
    </div>
  );
}

/** An unplanned work order: drag it onto a cell to plan it. */
function Unplanned({ order }: { order: { id: number; wo_type: string; unit: string | null; priority: number } }) {
  const drag = useDraggable({ id: `order:${order.id}` });
  const t = drag.transform;
  return (
    <Paper
      ref={drag.setNodeRef}
      withBorder
      p={6}
      className="planner-unplanned"
      style={{ transform: t ? `translate(${t.x}px, ${t.y}px)` : undefined, zIndex: drag.isDragging ? 10 : 1 }}
      data-testid="planner-unplanned"
      {...drag.listeners}
      {...drag.attributes}
    >
      <Text size="xs" fw={600}>{`#${order.id} ${order.wo_type}`}</Text>
      <Text size="xs" c="dimmed">
        {order.unit ?? ''}
        {order.priority >= 3 ? ' · urgent' : ''}
      </Text>
    </Paper>
  );
}

type ServiceDue = NonNullable<ReturnType<typeof useUnplanned>['data']>['service_due'][number];
const useUnplanned = (search: string) =>
  useQuery({ queryKey: plannerApi.keys.list('unplanned', search), queryFn: () => plannerApi.unplanned(search) });

/** Preventive maintenance due within 14 days: one click makes its PM work order, to plan like any other. */
function ServiceDueItem({ item, onMade }: { item: ServiceDue; onMade: () => void }) {
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      const answer = await plannerApi.serviceWorkOrder(item);
      showAlert('success', answer.message);
      onMade();
    } finally {
      setBusy(false);
    }
  };
  const late = item.days_left !== null && item.days_left < 0;
  return (
    <Paper withBorder p={6} data-testid="planner-service-due" className="planner-unplanned">
      <Text size="xs" fw={600}>{`${item.task}`}</Text>
      <Text size="xs" c={late ? 'red' : 'dimmed'}>
        {`${item.unit_type === 'truck' ? 'Truck' : 'Trailer'} ${item.unit} · ${late ? 'overdue' : 'due'} ${item.due_date ?? ''}`}
      </Text>
      <Button size="compact-xs" variant="light" mt={4} loading={busy} onClick={make}>
        Create work order
      </Button>
    </Paper>
  );
}

/**
 * The planner (001 §3, §4): the week by day and hour, one lane per technician. A move or resize
 * shows at once and is sent; the server's row then takes the task's place, and a refusal (a day off,
 * a taken cell) puts it back with the server's message. Other people's changes arrive live.
 */
export function PlannerBoard(props: { onOpen: (o: Opened) => void; refreshKey?: unknown }) {
  const [week, setWeek] = useState(nowInCompanyTimeZone().date);
  const [search, setSearch] = useState('');
  const client = useQueryClient();
  const board = useQuery({ queryKey: plannerApi.keys.list(week), queryFn: () => plannerApi.board(week) });
  const unplanned = useUnplanned(search);
  const [tasks, setTasks] = useState<Task[]>([]);
  useEffect(() => setTasks(board.data?.tasks ?? []), [board.data]);
  const refresh = () => client.invalidateQueries({ queryKey: plannerApi.keys.all });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a saved dialog reloads the board
  useEffect(() => {
    void refresh();
  }, [props.refreshKey]);
  useLiveUpdates(['planner'], () => void refresh());
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const data: Board | undefined = board.data;
  if (!data) return <Text c="dimmed">Loading the planner…</Text>;

  const send = async (body: Placement & { id?: number; work_order_id?: number }, optimistic?: Task) => {
    const before = tasks;
    if (optimistic) setTasks((all) => all.map((x) => (x.id === optimistic.id ? optimistic : x)));
    try {
      const answer = await plannerApi.move(body);
      if (!answer.status) throw new Error(answer.message);
      setTasks((all) => [...all.filter((x) => x.id !== answer.row.id), answer.row]);
      void refresh();
    } catch {
      // The API client has shown the server's reason; the task goes back where it was.
      setTasks(before);
    }
  };
  const onDragEnd = (e: DragEndEvent) => {
    const [what, idText] = String(e.active.id).split(':');
    const id = Number(idText);
    if (what === 'resize') {
      const task = tasks.find((x) => x.id === id);
      if (!task) return;
      const w = Math.max(1, Math.min(PLANNER_MAX_HOURS, Math.round(task.w + e.delta.x / HOUR_W)));
      if (w !== task.w)
        void send(
          { id, date: task.date, time: task.time, w, technician_id: task.technician_id },
          { ...task, w, cells: taskCells(task.date, task.time, w) },
        );
      return;
    }
    const over = e.over ? String(e.over.id).split(':') : null;
    if (over?.[0] !== 'cell') return;
    const [, date, tech, hour] = over as [string, string, string, string];
    const technicianId = Number(tech);
    const time = Number(hour);
    if (what === 'order') return void send({ work_order_id: id, date, time, w: 2, technician_id: technicianId });
    const task = tasks.find((x) => x.id === id);
    if (!task) return;
    // The hours wrap from 19 to 7 (§9): a task keeps its hours wherever it lands.
    const w = task.w;
    const position = data.technicians.findIndex((t) => t.id === technicianId);
    void send(
      { id, date, time, w, technician_id: technicianId },
      { ...task, date, time, w, technician_id: technicianId, position, cells: taskCells(date, time, w) },
    );
  };
  const open = (t: Task) => props.onOpen({ kind: t.kind, id: t.info.ref_id } as Opened);
  const hourHeader: ReactNode = data.hours.map((h) => (
    <div key={h} className="planner-hour" style={{ width: HOUR_W }}>
      {`${h}:00`}
    </div>
  ));

  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="planner-board">
        <Stack gap={6} w={210} style={{ flexShrink: 0 }}>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Unplanned
            </Text>
            <Badge data-testid="planner-new-orders">{data.newOrder}</Badge>
          </Group>
          <TextInput
            size="xs"
            placeholder="Unit or #"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <ScrollArea h={640} type="auto">
            <Stack gap={4}>
              {(unplanned.data?.list ?? []).map((o) => (
                <Unplanned key={o.id} order={o} />
              ))}
              {(unplanned.data?.service_due.length ?? 0) > 0 && (
                <Text size="xs" fw={600} c="dimmed" mt={6}>
                  Service due
                </Text>
              )}
              {(unplanned.data?.service_due ?? []).map((d) => (
                <ServiceDueItem
                  key={`${d.unit_type}:${d.unit_id}:${d.task_id}`}
                  item={d}
                  onMade={() => void refresh()}
                />
              ))}
            </Stack>
          </ScrollArea>
        </Stack>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => setWeek(addDays(data.dateList[0] as string, -7))}
              aria-label="Previous week"
            >
              <IconChevronLeft size={16} />
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setWeek(nowInCompanyTimeZone().date)}>
              This week
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => setWeek(addDays(data.dateList[0] as string, 7))}
              aria-label="Next week"
            >
              <IconChevronRight size={16} />
            </Button>
            <Text size="sm" fw={600} data-testid="planner-week">{`${data.dateList[0]} — ${data.dateList[6]}`}</Text>
          </Group>
          <ScrollArea type="auto" h={680}>
            <div className="planner-grid" style={{ width: LABEL_W + data.hours.length * HOUR_W }}>
              <div className="planner-row planner-header">
                <div className="planner-label" style={{ width: LABEL_W }} />
                {hourHeader}
              </div>
              {data.dateList.map((date) => (
                <div key={date} className="planner-day" data-date={date}>
                  {data.technicians.map((tech, lane) => (
                    <div key={tech.id} className="planner-row" style={{ height: LANE_H }}>
                      <div className="planner-label" style={{ width: LABEL_W }}>
                        {lane === 0 ? <b>{date.slice(5)} </b> : null}
                        <span>{tech.name}</span>
                      </div>
                      <div className="planner-lane" style={{ width: data.hours.length * HOUR_W }}>
                        {data.hours.map((h) => (
                          <Cell
                            key={h}
                            id={`cell:${date}:${tech.id}:${h}`}
                            onCreate={(kind) =>
                              props.onOpen({
                                kind,
                                id: null,
                                place: { date, time: h, w: kind === 'day_off' ? 4 : 2, technician_id: tech.id },
                              })
                            }
                          />
                        ))}
                        {tasks
                          .filter((t) => t.technician_id === tech.id)
                          .flatMap((t) => t.cells.map((cell, index) => ({ t, cell, index })))
                          .filter((p) => p.cell.date === date)
                          .map((p) => (
                            <TaskBlock
                              key={`${p.t.id}:${p.index}`}
                              task={p.t}
                              cell={p.cell}
                              index={p.index}
                              onOpen={open}
                            />
                          ))}
                      </div>
                    </div>
                  ))}
                </div>
              ))}
            </div>
          </ScrollArea>
          <Group gap="xs">
            {(['work_order', 'light_order', 'day_off'] as const).map((k) => (
              <Badge key={k} color={KIND_COLOR[k]} variant="light">
                {k.replace('_', ' ')}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Group>
    </DndContext>
  );
}
