import type { CreateNoteDialogModule, CreateNoteDialogProps } from '@mindpath/contracts/notes';
import { bus } from '@mindpath/events';
import { type RemoteModuleLoader, useRemoteLoader } from '@mindpath/ui/remote-loader';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
} from 'react';

/** spec 2 §8 */
export const CREATE_NOTE_FAILED = 'Failed to create note. Please try again.';

type Dialog = LazyExoticComponent<ComponentType<CreateNoteDialogProps>>;
const dialogs = new WeakMap<RemoteModuleLoader, Dialog>();

/** notes/CreateNoteDialog through the shell's federation registry, loaded once per registry. */
function dialogOf(loader: RemoteModuleLoader): Dialog {
  let dialog = dialogs.get(loader);
  if (!dialog) {
    dialog = lazy(async () => {
      const mod = await loader.load<CreateNoteDialogModule>('notes/CreateNoteDialog');
      return { default: mod.default as ComponentType<CreateNoteDialogProps> };
    });
    dialogs.set(loader, dialog);
  }
  return dialog;
}

function unavailable(onClose: () => void) {
  bus.emit('toast', { message: CREATE_NOTE_FAILED, kind: 'error' });
  onClose();
}

/** The notes remote could not be loaded or threw: the learner is told, the lesson page carries on. */
class DialogBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[mindpath] notes/CreateNoteDialog', error);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The notes remote's Create Note dialog for a selection, open while mounted. */
export function CreateNoteFromSelection(props: CreateNoteDialogProps) {
  const loader = useRemoteLoader();
  const { onClose } = props;
  // outside the shell (a standalone run) there is no registry to load the notes remote with
  useEffect(() => {
    if (!loader) unavailable(onClose);
  }, [loader, onClose]);
  if (!loader) return null;
  const Dialog = dialogOf(loader);
  return (
    <DialogBoundary onError={() => unavailable(onClose)}>
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    </DialogBoundary>
  );
}
