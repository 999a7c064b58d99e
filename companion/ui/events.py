"""The app's own event types (timers), in one place so that any module may stop them
without importing the screens that use them."""

import pygame

AI_STEP = pygame.event.custom_type()
ANIMATE = pygame.event.custom_type()
