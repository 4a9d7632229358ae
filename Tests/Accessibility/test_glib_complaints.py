"""A GLib warning or critical the fixture prints fails the run, as one in an XCTest test does.

A stand-in for the fixture (a shell script) prints what GLib would on its stderr; closing it
must raise, naming the message, unless EXPECTED_GLIB_COMPLAINTS lists it.
"""

import os
import shlex
import stat
import tempfile
import unittest
from unittest import mock

import atspi_client as atspi

CRITICAL = "(AccessibilityFixture:4242): Gtk-CRITICAL **: 22:41:05.123: gtk_widget_show: assertion 'GTK_IS_WIDGET (widget)' failed"


class GlibComplaintsTests(unittest.TestCase):
    def stand_in(self, stderr_lines, name="glib-complaints"):
        """A fixture stand-in that prints `stderr_lines` on stderr, says `ready` and waits."""
        script = tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False)
        self.addCleanup(os.unlink, script.name)
        printed = "".join(f"echo {shlex.quote(line)} >&2\n" for line in stderr_lines)
        script.write("#!/bin/sh\n" + printed + "echo ready\ncat >/dev/null\n")
        script.close()
        os.chmod(script.name, stat.S_IRWXU)
        return atspi.Fixture(script.name, [], name=name)

    def test_a_critical_on_stderr_fails_on_closing(self):
        fixture = self.stand_in([CRITICAL])
        with self.assertRaises(AssertionError) as raised:
            fixture.close()
        self.assertIn("Gtk-CRITICAL **", str(raised.exception))
        self.assertIn("gtk_widget_show: assertion 'GTK_IS_WIDGET (widget)' failed", str(raised.exception))

    def test_other_output_and_expected_complaints_pass_in_their_scope_alone(self):
        expected = [(r"Robustness$", "Gtk", r"^gtk_widget_show: assertion", "a reason")]
        message = "Gtk-Message: 22:41:05.123: a message is not a warning"
        with mock.patch.object(atspi, "EXPECTED_GLIB_COMPLAINTS", expected):
            self.stand_in([CRITICAL, message], name="a11y-ListBoxRobustness").close()
            with self.assertRaises(AssertionError):
                self.stand_in([CRITICAL], name="a11y-ListBoxFocus").close()

    def test_each_level_and_a_message_without_domain_count(self):
        for line in (
            "(a:1): GLib-GObject-WARNING **: 22:21:15.563: ../gobject/gsignal.c:2620: signal 'x' is invalid",
            "(a:1): Pango-CRITICAL **: 22:21:15.563: pango_layout_set_text: assertion failed",
            "** (a:1): WARNING **: 22:21:15.563: a warning of no domain",
        ):
            self.assertTrue(atspi.is_unexpected_complaint(line, "a11y-ListBoxRobustness"), line)
        self.assertFalse(atspi.is_unexpected_complaint("ready", "a11y-ListBoxRobustness"))


if __name__ == "__main__":
    unittest.main()
