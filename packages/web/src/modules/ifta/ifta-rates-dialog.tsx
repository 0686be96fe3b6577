import { IFTA_JURISDICTIONS, IFTA_SURCHARGE_JURISDICTIONS } from '@backhaul/shared/modules/ifta/ifta.contract';
import { Button, Center, Group, Loader, Modal, NumberInput, ScrollArea, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { iftaApi } from './ifta.api';

/**
 * The quarter's diesel rates, one input per jurisdiction ($/gal, 4 decimals): the 48 contiguous
 * states and the 10 provinces, plus any other code already in the table, and the surcharge lines of
 * Indiana and Kentucky. Empty inputs are left as they are.
 */
export function IftaRatesDialog(props: { quarter: string; opened: boolean; onClose: () => void; onSaved: () => void }) {
  const query = useQuery({
    queryKey: ['ifta-rates', props.quarter],
    queryFn: () => iftaApi.rates(props.quarter),
    enabled: props.opened,
  });
  const [values, setValues] = useState<Record<string, number | string>>({});
  const [surcharges, setSurcharges] = useState<Record<string, number | string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!query.data) return;
    setValues(Object.fromEntries(query.data.rates.map((r) => [r.state, r.dollars_per_gallon])));
    setSurcharges(Object.fromEntries(query.data.rates.map((r) => [r.state, r.surcharge_per_gallon])));
  }, [query.data]);
  const states = [...new Set([...IFTA_JURISDICTIONS, ...Object.keys(values)])].sort();

  const save = async () => {
    const rates = Object.entries(values)
      .filter(([, v]) => v !== '')
      .map(([state, rate]) => ({
        state,
        dollars_per_gallon: Number(rate),
        ...(surcharges[state] !== undefined && surcharges[state] !== ''
          ? { surcharge_per_gallon: Number(surcharges[state]) }
          : {}),
      }));
    setSaving(true);
    try {
      const saved = await iftaApi.saveRates({ quarter: props.quarter, rates });
      showAlert('success', saved.message);
      props.onSaved();
      props.onClose();
    } catch {
      // the API client has shown the error
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`IFTA diesel rates, ${props.quarter} ($ per gallon)`}
      size="xl"
      data-testid="ifta-rates-dialog"
    >
      {query.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            Check the rates against the IFTA rate matrix (iftach.org) before filing. Indiana and Kentucky carry their
            surcharge on a line of its own; DC, Alaska and Hawaii are not IFTA members.
          </Text>
          <ScrollArea.Autosize mah="60vh">
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" verticalSpacing={6}>
              {states.map((state) => (
                <NumberInput
                  key={state}
                  label={state}
                  size="xs"
                  min={0}
                  max={10}
                  step={0.001}
                  decimalScale={4}
                  hideControls
                  value={values[state] ?? ''}
                  onChange={(v) => setValues((all) => ({ ...all, [state]: v }))}
                  data-testid={`ifta-rate-${state}`}
                />
              ))}
              {IFTA_SURCHARGE_JURISDICTIONS.map((state) => (
                <NumberInput
                  key={`${state}-surcharge`}
                  label={`${state} surcharge`}
                  size="xs"
                  min={0}
                  max={10}
                  step={0.001}
                  decimalScale={4}
                  hideControls
                  value={surcharges[state] ?? ''}
                  onChange={(v) => setSurcharges((all) => ({ ...all, [state]: v }))}
                  data-testid={`ifta-surcharge-${state}`}
                />
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button loading={saving} onClick={() => void save()} data-testid="ifta-rates-save">
              Save
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
