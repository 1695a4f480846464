import { Modal } from '@mindpath/ui/modal';
import type { Building } from '../utils/building-param.ts';
import { GenerationProgress } from './generation-progress.tsx';
import styles from './wizard.module.css';

/** The wizard's last step after a reload: the roadmap under way for that goal, then its roadmap page. */
export function ResumedGeneration({ building }: { building: Building }) {
  return (
    <Modal
      open
      onClose={() => {}}
      title="Building your roadmap"
      size="lg"
      placement="top"
      closeOnBackdrop={false}
      showCloseButton={false}
      className={styles.fullScreen}
    >
      <GenerationProgress goalId={building.goalId} path={building.path} startFailure={null} />
    </Modal>
  );
}
