"""Output files: a symbolic link is written through (the link stays, its target is replaced),
a device, FIFO, socket or directory is refused in one line with exit status 2 and left
untouched, and ``-`` writes to standard output, for every picture and file option."""

from __future__ import annotations

import json
import os
import socket
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli
from solver.common.errors import CitiesError
from solver.common.jsonio import check_writable_file, write_bytes_atomic, write_json_atomic

EXAMPLES = Path(__file__).parent.parent / "examples"
CITY = str(EXAMPLES / "rulebook-shops.json")
runner = CliRunner()

#: Each output option, as a command line writing to OUT (a game is quick with --quiet).
WRITERS: dict[str, list[str]] = {
    "render --svg": ["render", CITY, "--svg", "OUT"],
    "render --png": ["render", CITY, "--png", "OUT"],
    "score --svg": ["score", CITY, "--svg", "OUT"],
    "play --save": ["play", "--players", "2", "--variant", "two-player-standard", "--quiet",
                    "--save", "OUT"],
    "usa play --save": ["usa", "play", "--variant", "two-player", "--quiet", "--save", "OUT"],
}


def run(args: list[str], out: str | Path) -> tuple[int, str, bytes]:
    result = runner.invoke(cli.app, [str(out) if a == "OUT" else a for a in args])
    return result.exit_code, result.stderr, result.stdout_bytes


def looks_written(name: str, data: bytes) -> bool:
    if name.endswith("--png"):
        return data.startswith(b"\x89PNG")
    if name.endswith("--svg"):
        return b"<svg" in data
    return "players" in json.loads(data)


@pytest.mark.parametrize("name", list(WRITERS))
def test_a_symbolic_link_stays_and_its_target_is_replaced(name: str, tmp_path: Path) -> None:
    target = tmp_path / "real" / "target"
    target.parent.mkdir()
    target.write_bytes(b"old")
    target.chmod(0o640)
    link = tmp_path / "link"
    link.symlink_to(target)
    code, err, _ = run(WRITERS[name], link)
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert looks_written(name, target.read_bytes())
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # a replaced file keeps its mode
    assert sorted(p.name for p in target.parent.iterdir()) == ["target"]  # no temporary left


@pytest.mark.parametrize("name", list(WRITERS))
def test_a_device_is_refused_and_left_alone(name: str) -> None:
    before = os.stat("/dev/full")
    code, err, _ = run(WRITERS[name], "/dev/full")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "/dev/full" in err and "character device" in err
    after = os.stat("/dev/full")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


@pytest.mark.parametrize("name", list(WRITERS))
def test_a_fifo_and_a_link_to_a_device_are_refused(name: str, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    code, err, _ = run(WRITERS[name], fifo)
    assert code == 2 and "FIFO" in err and err.count("\n") == 1
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    link = tmp_path / "null-link"
    link.symlink_to("/dev/null")
    code, err, _ = run(WRITERS[name], link)
    assert code == 2 and "character device" in err
    assert link.is_symlink() and os.readlink(link) == "/dev/null"


@pytest.mark.parametrize("name", list(WRITERS))
def test_dash_writes_to_standard_output(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    monkeypatch.chdir(tmp_path)
    args = WRITERS[name]
    code, err, out = run(args, "-")
    assert code == 0, err
    assert not (tmp_path / "-").exists()
    if name == "score --svg":  # the picture, then the score
        assert out.lstrip().startswith(b"<") and b"</svg>" in out
    elif name.endswith("--save"):  # the game file is the only thing printed with --quiet
        start = out.index(b"{")
        decoded, _ = json.JSONDecoder().raw_decode(out[start:].decode())
        assert "players" in decoded
    else:
        assert looks_written(name, out)


def test_the_writer_refuses_a_socket_a_directory_and_a_link_loop(tmp_path: Path) -> None:
    sock_path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(sock_path))
        with pytest.raises(CitiesError, match="socket"):
            write_bytes_atomic(sock_path, b"x")
    with pytest.raises(CitiesError, match="directory"):
        write_json_atomic(tmp_path, {})
    with pytest.raises(CitiesError, match="directory"):
        check_writable_file(tmp_path)
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    with pytest.raises(CitiesError, match="loop"):
        write_bytes_atomic(loop, b"x")
    assert loop.is_symlink()


def test_a_dangling_link_gets_its_target_made(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "made.json")
    check_writable_file(link)
    write_json_atomic(link, {"a": 1})
    assert link.is_symlink() and json.loads((tmp_path / "made.json").read_text()) == {"a": 1}
