import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  type ExtractedField,
  type ExtractedLoad,
  LOW_CONFIDENCE,
  type NewBrokerOffer,
} from '@backhaul/shared/modules/extraction/extraction.contract';
import { Box, Button, Group, Paper, Table, Text, Tooltip } from '@mantine/core';

/** Green: read from an exact label; yellow: inferred, check it; red: not found. */
export function confidenceLevel(confidence: number): { color: string; hint: string } {
  if (confidence <= 0) return { color: 'var(--mantine-color-red-6)', hint: 'not found' };
  if (confidence < LOW_CONFIDENCE) return { color: 'var(--mantine-color-yellow-5)', hint: 'low confidence' };
  return { color: 'var(--mantine-color-green-6)', hint: 'read from a label' };
}

export function ConfidenceDot(props: { confidence: number }) {
  const level = confidenceLevel(props.confidence);
  return (
    <Tooltip label={`${level.hint} (${Math.round(props.confidence * 100)} %)`}>
      <Box
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: level.color, flex: 'none' }}
        aria-label={level.hint}
        data-confidence={props.confidence}
      />
    </Tooltip>
  );
}

const show = (f: ExtractedField | undefined, money = false): string => {
  const v = f?.value;
  if (v === null || v === undefined || v === '') return '—';
  if (money && typeof v === 'number') return formatMoney(v);
  if (Array.isArray(v)) {
    return v
      .map((x) => {
        const r = x as { name?: string; label?: string; amount?: number; value?: string };
        return r.amount !== undefined ? `${r.name} ${formatMoney(r.amount)}` : `${r.label} ${r.value}`;
      })
      .join(', ');
  }
  return String(v);
};

/** The lowest confidence of a group of fields (a stop's place is as sure as its weakest part). */
const weakest = (fields: ExtractedLoad['fields'], keys: string[]) =>
  Math.min(...keys.map((k) => fields[k]?.confidence ?? 0));

/** What was read from a rate confirmation, each value with its confidence, for the user's review. */
export function ExtractionReview(props: { answer: ExtractedLoad; onAddBroker?: (offer: NewBrokerOffer) => void }) {
  const { fields, broker_match: match, new_broker: offer, read } = props.answer;
  const field = (key: string) => fields[key]?.confidence ?? 0;
  const rows: Array<{ label: string; value: string; confidence: number }> = [
    { label: 'Broker', value: show(fields['broker.name']), confidence: fields['broker.name']?.confidence ?? 0 },
    { label: 'Broker MC', value: show(fields['broker.mc']), confidence: fields['broker.mc']?.confidence ?? 0 },
    { label: 'Broker #', value: show(fields.broker_number), confidence: fields.broker_number?.confidence ?? 0 },
    {
      label: 'References',
      value: show(fields.reference_numbers),
      confidence: fields.reference_numbers?.confidence ?? 0,
    },
    { label: 'Rate', value: show(fields['rate.total'], true), confidence: fields['rate.total']?.confidence ?? 0 },
    { label: 'Accessorials', value: show(fields.accessorials), confidence: fields.accessorials?.confidence ?? 0 },
    { label: 'Miles', value: show(fields.miles), confidence: field('miles') },
    { label: 'Equipment', value: show(fields.equipment), confidence: field('equipment') },
    { label: 'Weight', value: show(fields.weight), confidence: field('weight') },
    { label: 'Commodity', value: show(fields.commodity), confidence: field('commodity') },
  ];
  for (const [group, label] of [
    ['pickups', 'Pick up'],
    ['deliveries', 'Delivery'],
  ] as const) {
    props.answer[group].forEach((stop, i) => {
      const key = `${group}.${i}`;
      rows.push({
        label: `${label} ${i + 1}`,
        value: [stop.facility, stop.address, `${stop.city ?? ''}, ${stop.state ?? ''} ${stop.zip ?? ''}`]
          .filter(Boolean)
          .join(' · '),
        confidence: weakest(fields, [`${key}.city`, `${key}.state`, `${key}.zip`]),
      });
      rows.push({
        label: `${label} ${i + 1} time`,
        value: [stop.date, stop.window ?? stop.time].filter(Boolean).join(' ') || '—',
        confidence: fields[`${key}.date`]?.confidence ?? 0,
      });
    });
  }
  const low = rows.filter((r) => r.confidence < LOW_CONFIDENCE).length;
  return (
    <Paper withBorder p="xs" radius="md" data-testid="extraction-review">
      <Group justify="space-between" mb={4}>
        <Text size="xs" fw={600}>
          Read from the rate confirmation
        </Text>
        <Text size="xs" c={low ? 'yellow' : 'dimmed'}>
          {low
            ? `${low} field${low === 1 ? '' : 's'} with low confidence: check before saving`
            : 'all fields read from labels'}
        </Text>
      </Group>
      <Group justify="space-between" mb={4} gap="xs" data-testid="extraction-broker">
        <Text size="xs">
          {match
            ? `Broker: ${match.name}${match.mc_number ? ` (MC ${match.mc_number})` : ''}, matched by ${match.by === 'mc' ? 'MC number' : 'name'}`
            : offer
              ? `${offer.broker}${offer.mc_number ? ` (MC ${offer.mc_number})` : ''} is not in the brokers registry`
              : 'No broker read'}
        </Text>
        {!match && offer && props.onAddBroker ? (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => props.onAddBroker?.(offer)}
            data-testid="extraction-add-broker"
          >
            Add as a new broker
          </Button>
        ) : null}
      </Group>
      {read.method === 'ocr' ? (
        <Text size="xs" c="dimmed" mb={4}>
          Scanned document: read by OCR ({read.ocr_pages} page{read.ocr_pages === 1 ? '' : 's'},{' '}
          {read.seconds.toFixed(1)} s)
        </Text>
      ) : null}
      <Table verticalSpacing={2} horizontalSpacing="xs" fz="xs">
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.label} data-testid="extraction-field">
              <Table.Td w={24}>
                <ConfidenceDot confidence={r.confidence} />
              </Table.Td>
              <Table.Td w={130} c="dimmed">
                {r.label}
              </Table.Td>
              <Table.Td>{r.value}</Table.Td>
              <Table.Td
                w={130}
                c={r.confidence < LOW_CONFIDENCE ? 'yellow' : 'dimmed'}
                style={{ whiteSpace: 'nowrap' }}
              >
                {confidenceLevel(r.confidence).hint}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
