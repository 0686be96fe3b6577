import { FileButton } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { showAlert } from '../alerts-store';
import { UPLOAD_ACCEPT, uploadProblem } from '../services/files.api';

type Props = {
  /** A file that passed the spec's checks (§5: type, no @ # % & ! in the name). */
  onFile: (file: File) => void;
  accept?: string;
  /** The button, given the props that open the file chooser. */
  children: (props: { onClick: () => void }) => ReactNode;
};

/**
 * The one file chooser button: a refused file (bad name or type) is announced and the input is
 * cleared, and so is an accepted one once handed over, so choosing the same file again works.
 */
export function UploadButton({ onFile, accept = UPLOAD_ACCEPT, children }: Props) {
  const reset = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={reset}
      accept={accept}
      onChange={(file) => {
        reset.current?.();
        if (!file) return;
        const problem = uploadProblem(file.name);
        if (problem) return showAlert('error', problem);
        onFile(file);
      }}
    >
      {children}
    </FileButton>
  );
}
