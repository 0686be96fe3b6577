import { Button, Group, type MantineSpacing } from '@mantine/core';

/**
 * A record dialog's buttons, right-aligned: Cancel (Close when read-only) and, unless read-only,
 * the form's submit "Save" (test id record-save).
 */
export function RecordDialogFooter(props: {
  onClose: () => void;
  readOnly?: boolean;
  loading?: boolean;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={props.mt}>
      <Button variant="default" onClick={props.onClose}>
        {props.readOnly ? 'Close' : 'Cancel'}
      </Button>
      {!props.readOnly && (
        <Button type="submit" loading={props.loading} data-testid="record-save">
          Save
        </Button>
      )}
    </Group>
  );
}
