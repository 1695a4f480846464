import { useGenerateImage } from '@mindpath/sdk/lessons-hooks';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { Notification } from '@mindpath/ui/notification';
import { Spinner } from '@mindpath/ui/spinner';
import { useEffect, useRef, useState } from 'react';
import styles from './lesson.module.css';

export const IMAGE_FAILED = 'Failed to generate image. Please try again.';

/**
 * The image of the content's placeholder: generated when the lesson has none yet (a spinner meanwhile),
 * then shown; a click opens it full size with its caption.
 */
export function LessonImage({
  lessonId,
  description,
  imageUrl,
}: {
  lessonId: string;
  description: string;
  imageUrl: string | null;
}) {
  const generate = useGenerateImage(lessonId);
  const [open, setOpen] = useState(false);
  // an image that does not load (its file gone) is asked for once more: the server makes it again
  const [broken, setBroken] = useState<string | null>(null);
  const shown = imageUrl !== null && imageUrl !== broken;
  const asked = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (shown || asked.current === imageUrl) return;
    asked.current = imageUrl;
    generate.mutate(undefined, { onSuccess: () => setBroken(null) });
  }, [shown, imageUrl, generate]);
  const retry = () => {
    setBroken(null);
    generate.mutate();
  };

  if (!shown) {
    return (
      <figure className={styles.figure}>
        {generate.isError || (broken !== null && !generate.isPending) ? (
          <Notification kind="error">
            {IMAGE_FAILED}{' '}
            <Button size="sm" variant="secondary" onClick={retry}>
              Try again
            </Button>
          </Notification>
        ) : (
          <div className={styles.imagePending} role="status">
            <Spinner />
            Generating image…
          </div>
        )}
        <figcaption className={styles.caption}>{description}</figcaption>
      </figure>
    );
  }
  return (
    <figure className={styles.figure}>
      <button type="button" className={styles.imageButton} onClick={() => setOpen(true)}>
        <img src={imageUrl} alt={description} className={styles.image} onError={() => setBroken(imageUrl)} />
        <span className="visually-hidden">Open the image full size</span>
      </button>
      <figcaption className={styles.caption}>{description}</figcaption>
      <Modal open={open} onClose={() => setOpen(false)} title="Lesson image" size="lg">
        <figure className={styles.popupFigure}>
          <img src={imageUrl} alt={description} className={styles.popupImage} />
          <figcaption className={styles.caption}>{description}</figcaption>
        </figure>
      </Modal>
    </figure>
  );
}
