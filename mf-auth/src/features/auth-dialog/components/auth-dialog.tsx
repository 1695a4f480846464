import { Modal } from '@mindpath/ui/modal';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../brand/index.ts';

/**
 * The card over a backdrop that login and register live in (spec 1 §2): an accessible dialog whose
 * Escape, backdrop click and close button all lead back to the landing page.
 */
export function AuthDialog({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Modal
      open
      onClose={() => navigate('/')}
      title={title}
      description={description}
      icon={<BrandMark large />}
      size="sm"
      portal={false}
    >
      {children}
    </Modal>
  );
}
